/**
 * EDEN decisions sent from the players' own seats (CONTRACT §9.1, src/kernel/decisions.ts):
 * - the bid for First player (EDEN-PREP-3, EDEN-FIRST-1): each player's bid is a sealed part, the
 *   two revealed together by today's `eden.first_player_determined`; a part's `choice` applies if
 *   that side wins; without one the winner's choice is left open (EDEN-PREP-3 step 3: «El jugador
 *   que apostó más PS escoge quién se convierte en el Primer jugador»): he is then pending (kind
 *   `choice`) and sends `eden.choose_first`, as the opponent of a lost Leader does (EDEN-FIRST-2);
 * - a melee attack on another player's fighter (EDEN-MELEE-2, EDEN-MELEE-6: «the target's
 *   controller chooses the reaction»): the target's player answers `eden.react` or passes (Passive);
 *   NPC targets and disengagement attacks open nothing (EDEN-NPC-5, EDEN-MELEE-7);
 * - a designation (EDEN-ACT-1..3): the other player may interrupt with a fighter of strictly greater
 *   RAP, then back and forth, each answer an `eden.activate` naming its fighter, or `match.pass`;
 *   the last named is activated; a player with no such fighter is not asked;
 * - a tactic card with Cancellation (X) (EDEN-TACPH-2): sent with `cancellation: X`, the opponent
 *   pays with `eden.cancel_tactic` or passes; not asked when he has fewer than X SP.
 * Shots and throws open nothing: the rules give their target no decision (EDEN-RANGED-2..7: every
 * step is the initiator's, «El iniciador efectúa una tirada de CBT… con un umbral de dificultad
 * igual a la RAP del blanco»; EDEN-THROW-1: «No es necesaria ninguna tirada…, es un éxito
 * automáticamente»); only a melee target announces a reaction (EDEN-MELEE-2 «Etapas 2»).
 * The answers below are commands of their own, decided only as answers.
 */
import { Type } from '@sinclair/typebox';
import { commandSchema } from '../../../kernel/commands.js';
import type { GameCommand } from '../../../kernel/decider.js';
import type { Answer, Awaited, DecisionRules } from '../../../kernel/decisions.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { own } from '../../../kernel/records.js';
import { characteristic } from '../rules/fighter.js';
import { Player } from './command-schemas.js';
import { defineCommand } from './preconditions.js';
import { firstPlayerChooser } from './first-player.js';
import { refId } from './rules.js';
import { SIDES, canBeActivated, otherSide, type EdenMatchState, type Side } from './state.js';

const playerOf = (state: EdenMatchState, side: Side): string => state.bands[side].player.id;
const sideNamed = (state: EdenMatchState, name: unknown): Side | undefined => (name === 'A' || name === 'B' ? name : SIDES.find((s) => playerOf(state, s) === name));

const fighter = (state: EdenMatchState, ref: unknown) => own(state.fighters, refId(ref));
const rapOf = (state: EdenMatchState, ref: unknown): number => {
  const f = fighter(state, ref);
  return f ? characteristic(f.fighter, 'RAP') : Infinity;
};

/** EDEN-ACT-2: `side` may interrupt a fighter of RAP `rap` while it has a fighter to activate of strictly greater RAP. */
function interrupter(state: EdenMatchState, side: Side, rap: number): Awaited[] {
  const can = Object.values(state.fighters).some((f) => f.side === side && canBeActivated(f) && characteristic(f.fighter, 'RAP') > rap);
  return can ? [{ player: playerOf(state, side), types: ['eden.activate'] }] : [];
}

const answered = (answers: Answer[]): GameCommand | undefined => answers.find((a) => a.command)?.command;

export const EDEN_DECISIONS: DecisionRules<EdenMatchState> = {
  playerNamed: (name, state) => {
    const side = sideNamed(state, name);
    return side ? playerOf(state, side) : undefined;
  },
  // EDEN-PREP-3 step 3 / EDEN-FIRST-2: the player who names the First player (first-player.ts)
  choices: (state) => {
    const chooser = firstPlayerChooser(state);
    return chooser ? [{ player: playerOf(state, chooser.side), types: ['eden.choose_first'], rule: chooser.rule }] : [];
  },
  sealed: {
    'eden.bid': {
      rule: 'EDEN-PREP-3',
      // EDEN-FIRST-2 (no bid: the opponent chooses), or a choice still pending: no sealed parts
      players: (state) => (firstPlayerChooser(state) ? [] : SIDES.map((s) => playerOf(state, s))),
      split: (command, state) => {
        const bids = (command.bids ?? {}) as Partial<Record<Side, number>>;
        const sides = SIDES.filter((s) => bids[s] !== undefined);
        return sides.map((s) => ({
          player: playerOf(state, s),
          command: { type: 'eden.bid', bids: { [s]: bids[s] }, ...(sides.length === 1 && command.choice !== undefined ? { choice: command.choice } : {}) },
        }));
      },
      // every side's part; one not in yet counts as 0 (the parts so far are checked against each pool);
      // EDEN-PREP-3 step 3: a part without `choice` leaves its side's choice open (null) if it wins
      combine: (parts, state) => {
        const bids: Record<Side, number> = { A: 0, B: 0 };
        const choices: Partial<Record<Side, unknown>> = {};
        for (const part of parts) {
          const side = sideNamed(state, part.player)!;
          bids[side] = (part.command!.bids as Partial<Record<Side, number>>)[side] ?? 0;
          choices[side] = part.command!.choice ?? null;
        }
        return { type: 'eden.bid', bids, choices };
      },
    },
  },
  responses: {
    'eden.melee': {
      rule: 'EDEN-MELEE-6',
      responders: (command, player, state) => {
        const target = fighter(state, command.target);
        // EDEN-NPC-5: an NPC responds by itself; EDEN-MELEE-7: a disengagement attack's target is Passive
        if (!target || target.side === 'npc' || command.via === 'disengage') return [];
        const owner = playerOf(state, target.side);
        return owner === player ? [] : [{ player: owner, types: ['eden.react'] }];
      },
      resolve: (declared, answers) => {
        const react = answered(answers);
        if (!react) return declared.command;
        return {
          ...declared.command,
          reaction: react.reaction,
          ...(react.aim !== undefined ? { targetAim: react.aim } : {}),
          ...(react.weapon !== undefined ? { targetWeapon: react.weapon } : {}),
        };
      },
    },
    'eden.activate': {
      rule: 'EDEN-ACT-2',
      responders: (command, _player, state) => {
        const named = fighter(state, command.fighterId);
        return named && named.side !== 'npc' ? interrupter(state, otherSide(named.side), rapOf(state, command.fighterId)) : [];
      },
      // back and forth: after an interruption the other player may interrupt it; a pass ends it
      next: (_declared, answers, state) => {
        const last = answers.at(-1)?.command;
        const f = last && fighter(state, last.fighterId);
        return f && f.side !== 'npc' ? interrupter(state, otherSide(f.side), rapOf(state, last.fighterId)) : [];
      },
      resolve: (declared, answers) => {
        const interruptions = answers.flatMap((a) => (a.command ? [a.command.fighterId] : []));
        return interruptions.length ? { ...declared.command, interruptions } : declared.command;
      },
    },
    'eden.play_tactic': {
      rule: 'EDEN-TACPH-2',
      responders: (command, _player, state) => {
        const x = Number(command.cancellation ?? 0);
        const side = sideNamed(state, command.player);
        if (!side || x <= 0) return [];
        const opponent = otherSide(side);
        return state.bands[opponent].strategyPoints >= x ? [{ player: playerOf(state, opponent), types: ['eden.cancel_tactic'] }] : [];
      },
      resolve: (declared, answers) => {
        const cancel = answered(answers);
        if (!cancel) return declared.command;
        // EDEN-TACPH-2: the Cancellation costs exactly X
        if (cancel.paid !== declared.command.cancellation) {
          throw new RuleViolation('wrong_cancellation', `The Cancellation of this card costs ${String(declared.command.cancellation)} SP (EDEN-TACPH-2).`, {
            cancellation: declared.command.cancellation,
          });
        }
        return { ...declared.command, cancellationPaid: cancel.paid };
      },
    },
  },
};

const answerOnly = (type: string) => (): never => {
  throw new RuleViolation('nothing_pending', `${type} answers a declared command (CONTRACT §9.1); nothing waits for it now.`);
};

/** The commands that answer a declared one (CONTRACT §9.1): decided as part of it, never alone. */
export const ANSWER_COMMANDS = {
  /** EDEN-MELEE-2 / EDEN-MELEE-6: the target's reaction to a declared melee attack. */
  'eden.react': defineCommand({
    schema: commandSchema('eden.react', {
      player: Player,
      reaction: Type.Union([Type.Literal('passive'), Type.Literal('dodge'), Type.Literal('response')]),
      aim: Type.Optional(Type.Union(['head', 'arms', 'torso', 'legs'].map((l) => Type.Literal(l)))),
      weapon: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    }),
    description:
      'EDEN-MELEE-2 / EDEN-MELEE-6: the target’s player answers a melee attack declared from a seat: its reaction (`aim`, `weapon`: the target’s, for a Response); the attack then resolves with the dice of this command. `match.pass` is Passive.',
    example: { player: 'B', reaction: 'dodge' },
    preconditions: {},
    decide: answerOnly('eden.react'),
  }),
  /** EDEN-TACPH-2: the opponent pays a tactic card's Cancellation (X). */
  'eden.cancel_tactic': defineCommand({
    schema: commandSchema('eden.cancel_tactic', { player: Player, paid: Type.Integer({ minimum: 1, maximum: 100 }) }),
    description:
      'EDEN-TACPH-2: the opponent pays the Cancellation (X SP, the `cancellation` the card was played with) of a tactic card played from a seat; `match.pass` lets it resolve.',
    example: { player: 'B', paid: 2 },
    preconditions: {},
    decide: answerOnly('eden.cancel_tactic'),
  }),
};
