/**
 * Who is First player: the bid (EDEN-PREP-3 in preparation, EDEN-FIRST-1 each turn), the Leader-lost
 * skip (EDEN-FIRST-2) and the choice of the player who decides (CONTRACT §9.1):
 * - ES «El jugador que apostó más PS escoge quién se convierte en el Primer jugador» (EDEN-PREP-3
 *   step 3): the bid's winner chooses. A bundled `eden.bid` (the owner, v1.2) without a `choice`
 *   makes him First player at once; bids sent from the seats whose winner named no one leave the
 *   choice open: the bids are revealed, then the winner is pending (kind `choice`) and sends
 *   `eden.choose_first`.
 * - ES «esta etapa se elimina y es su adversario quien escoge libremente al Primer jugador»
 *   (EDEN-FIRST-2): no bid; the table waits for that opponent's `eden.choose_first` (his bundled
 *   `eden.bid` with its `choice` still names it too).
 * While a choice is pending nothing else is decided (422 `decision_pending`).
 */
import { Type } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import { diceFact } from '../../../kernel/dice/facts.js';
import type { GameCommand } from '../../../kernel/decider.js';
import { commandSchema } from '../../../kernel/commands.js';
import { resolveInitiative } from '../rules/initiative.js';
import { defineCommand, type Stage } from './preconditions.js';
import { Player, type PlayerRef } from './command-schemas.js';
import { sideOf, violation } from './rules.js';
import { SIDES, type EdenMatchState, type Side } from './state.js';
import type { EdenEvent } from './evolve/events.js';

const FIRST_PLAYER_BIDS: readonly Stage[] = [
  { phase: 'preparation', prep: 'bid', what: 'The bid for First player (EDEN-PREP-3)' },
  { phase: 'first_player', what: 'The bid for First player (EDEN-FIRST-1)' },
];

/** The player who names the First player now: the winner of revealed bids (`revealed`), or the opponent of a lost Leader (EDEN-FIRST-2). */
export interface FirstPlayerChooser {
  side: Side;
  rule: string;
  revealed: boolean;
}

export function firstPlayerChooser(state: EdenMatchState): FirstPlayerChooser | undefined {
  if (state.choosingFirst) return { ...state.choosingFirst, revealed: true };
  if (state.phase !== 'first_player') return undefined;
  // EDEN-FIRST-2: exactly one Leader lost during the previous turn (both lost: bid as normal)
  const prev = state.turn - 1;
  const lostA = state.leaderLostTurn.A === prev;
  if (lostA === (state.leaderLostTurn.B === prev)) return undefined;
  return { side: lostA ? 'B' : 'A', rule: 'EDEN-FIRST-2', revealed: false };
}

/**
 * CONTRACT §9.1: while the First player waits to be named, any other command is refused (422
 * `decision_pending`); `eden.choose_first` with no choice pending, 422 `nothing_pending`.
 */
export function expectChoiceFlow(command: GameCommand, state: EdenMatchState): void {
  const chooser = firstPlayerChooser(state);
  if (!chooser && command.type === 'eden.choose_first') violation('nothing_pending', 'No one is choosing the First player now (EDEN-PREP-3 step 3, EDEN-FIRST-2).');
  if (!chooser || command.type === 'eden.choose_first') return;
  // EDEN-FIRST-2: the chooser's `eden.bid` (v1.2, its `choice`) names the First player too
  if (!chooser.revealed && command.type === 'eden.bid') return;
  const player = state.bands[chooser.side].player.id;
  violation('decision_pending', `The table waits for ${player} to name the First player (${chooser.rule}): eden.choose_first first.`, {
    awaiting: [player],
    rule: chooser.rule,
  });
}

interface BidCommand {
  bids?: Partial<Record<Side, number>>;
  choice?: PlayerRef;
  choices?: Partial<Record<Side, PlayerRef | null>>;
}

/** The bid resolved: `eden.first_player_determined` (First player null: the winner's choice is left open). */
function bidEvents(cmd: BidCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  const bids = cmd.bids ?? { A: 0, B: 0 };
  const prev = state.turn - 1;
  // EDEN-FIRST-2: only a Leader lost during the previous turn counts
  const leaderLost = state.phase === 'first_player' ? { A: state.leaderLostTurn.A === prev, B: state.leaderLostTurn.B === prev } : {};
  // EDEN-PREP-3 step 1: both players bid (one side's bid alone is a sealed part, sent from its seat)
  const skipped = leaderLost.A !== leaderLost.B;
  const missing = skipped ? [] : SIDES.filter((s) => bids[s] === undefined);
  if (missing.length) violation('missing_bid', `Player ${missing.join(', ')} has not bid (EDEN-PREP-3): send both bids, or each from its own seat.`, { missing });
  const choice = cmd.choice === undefined ? undefined : sideOf(state, cmd.choice);
  const named = SIDES.filter((s) => cmd.choices?.[s] !== undefined && cmd.choices[s] !== null);
  const choices = Object.fromEntries(named.map((s) => [s, sideOf(state, cmd.choices![s])]));
  const r = resolveInitiative(
    {
      pools: { A: state.bands.A.strategyPoints, B: state.bands.B.strategyPoints },
      bids: { A: bids.A ?? 0, B: bids.B ?? 0 },
      choice,
      choices,
      leaderLost,
      edition: state.edition,
    },
    dice,
  );
  // EDEN-PREP-3 step 3: the winner chooses; a part that named no one (null) leaves his choice open
  const open = r.winnerChooses && cmd.choices?.[r.winner] === null;
  return [
    {
      type: 'eden.first_player_determined',
      data: {
        turn: state.turn,
        winner: r.winner,
        by: r.by,
        firstPlayer: open ? null : r.firstPlayer,
        bids: r.bids,
        pools: r.pools,
        rollOff: r.rollOff,
        rule: r.rule,
        dice: diceFact(dice.transcript()),
      },
    },
  ];
}

export const FIRST_PLAYER_COMMANDS = {
  /** EDEN-PREP-3 (once) and EDEN-FIRST-1/2 (every turn): bids, roll-off, Leader lost. */
  'eden.bid': defineCommand({
    schema: commandSchema('eden.bid', {
      bids: Type.Object(
        { A: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })), B: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })) },
        { description: 'By side: both bids (the owner, bundled), or a seat’s own bid only (a sealed part, CONTRACT §9.1: revealed with the other).' },
      ),
      choice: Type.Optional(Player),
      choices: Type.Optional(
        Type.Object(
          { A: Type.Optional(Type.Union([Player, Type.Null()])), B: Type.Optional(Type.Union([Player, Type.Null()])) },
          {
            description:
              'Each side’s `choice`, applied if that side wins (the seated parts combined); null: that side named no one, so if it wins its choice is left open and it sends `eden.choose_first`.',
          },
        ),
      ),
    }),
    description:
      'EDEN-PREP-3 (preparation) and EDEN-FIRST-1/2 (each turn): both bids, revealed together; `choice` is whom the bid winner names First player (absent: the winner is First player). Dice: on equal bids, A’s d6 then B’s, again while equal. From a seat (or `?as=`), each player sends its own bid (`{"bids": {"A": 2}, "choice"?: "A"}`, its `choice` applies if it wins): sealed until the last part reveals both; a winner whose part named no one is then pending and names the First player with `eden.choose_first` (CONTRACT §9.1).',
    example: { bids: { A: 2, B: 1 }, choice: 'A' },
    preconditions: { stage: FIRST_PLAYER_BIDS },
    decide: (cmd, state, dice) => bidEvents(cmd, state, dice),
  }),
  /** EDEN-PREP-3 step 3 / EDEN-FIRST-2: the player who decides names the First player. */
  'eden.choose_first': defineCommand({
    schema: commandSchema('eden.choose_first', {
      player: Player,
      choice: Type.Union(Player.anyOf, { description: 'Whom the player names First player: himself or his opponent ("A", "B" or a player id).' }),
    }),
    description:
      'EDEN-PREP-3 step 3 («el jugador que apostó más PS escoge quién se convierte en el Primer jugador») / EDEN-FIRST-2 (a Leader lost: his opponent chooses, no bid): the player the table waits for names the First player — after bids sent from the seats whose winner named no one, or when the bid is skipped.',
    example: { player: 'A', choice: 'B' },
    preconditions: { stage: FIRST_PLAYER_BIDS, player: true },
    decide(cmd, state, dice, { side }) {
      // checked by the dispatcher (expectChoiceFlow): a choice is pending
      const chooser = firstPlayerChooser(state)!;
      const player = state.bands[chooser.side].player.id;
      if (side !== chooser.side)
        violation('decision_pending', `${player} names the First player (${chooser.rule}), not ${state.bands[side].player.id}.`, { awaiting: [player], rule: chooser.rule });
      const firstPlayer = sideOf(state, cmd.choice);
      if (chooser.revealed) return [{ type: 'eden.first_player_chosen', data: { player: side, firstPlayer, rule: chooser.rule } }];
      // EDEN-FIRST-2: no bid, no SP spent; recorded as the bid command records it
      return bidEvents({ bids: {}, choice: firstPlayer }, state, dice);
    },
  }),
};
