/**
 * The Ánima command table: per command its phase(s) and whether the acting player must be the one
 * whose turn it is (preconditions as data, checked once), then its handler. After the handler's
 * events are folded, the follow-ups the rules make automatic are appended: the only Character of a
 * Group dies without a choice, an emptied Group is replaced (ANIMA-GROUP-5), and the next turn's
 * order is rolled when the Exploration phase ends (ANIMA-ORDER-1..3).
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { turnOrder } from '../rules/turn-order.js';
import { groupSpeed } from '../rules/group.js';
import { event, type AnimaEvent } from './events.js';
import { evolveTable } from './evolve.js';
import { claimReward, chooseCasualty, declareCombat, explore, pair, tradeWith } from './play.js';
import { enemies, leaveOrganisation, playGift, reconcileHands } from './gifts.js';
import { leaveLocation, resist } from './resist.js';
import { coreGroup, drawCards, groupOf, holding, violation } from './rules.js';
import { own, type AnimaPhase, type AnimaTable, type GroupState } from './state.js';
import { discardGifts, dismissCharacter, goTo, keepCharacter, rest, seekNewHorizons } from './turn.js';
import type { AnimaCommand, AnimaCommandOf, AnimaCommandType } from '../commands/schemas.js';

/** A command's handler: the command as its schema validated it (src/games/anima/commands/schemas.ts). */
type Handler<T extends AnimaCommandType> = (c: AnimaCommandOf<T>, t: AnimaTable, g: GroupState, dice: Dice) => AnimaEvent[];

export interface AnimaCommandSpec<T extends AnimaCommandType = AnimaCommandType> {
  /** The phases it is played in; `what` names it in the wrong_phase message. */
  phases: AnimaPhase[];
  what: string;
  /** Only the player whose turn it is in the phase (ANIMA-TURN-1); otherwise any player of the match. */
  inTurn: boolean;
  /** The pending choice this command makes (the only commands allowed while one is pending). */
  resolves?: 'casualty' | 'reward';
  decide: Handler<T>;
}

const endPhase: Handler<'anima.end_phase'> = (c, t, g) => {
  // ANIMA-MOVE: each player declares exactly one of Go, Seek new horizons or Rest.
  if (t.phase === 'move') violation('declaration_needed', 'In the Move phase declare anima.go, anima.seek_new_horizons or anima.rest (ANIMA-MOVE).');
  const foe = t.phase === 'interaction' ? enemyToFight(t, c.player) : null;
  if (foe) violation('combat_required', `${c.player} and ${foe} belong to enemy Organisations at the same Location: declare combat (ANIMA-INTERACT-4).`, { target: foe });
  if (t.phase === 'exploration' && holding(g)) violation('resist_due', `${c.player}'s Resist mission round is due: anima.resist (ANIMA-MISSION-5).`);
  return [event('anima.phase_finished', { player: c.player })];
};

/** ANIMA-INTERACT-4 / ANIMA-AMB-8: the first of two enemy-Organisation Groups at one Location must fight, when combat is legal. */
function enemyToFight(t: AnimaTable, player: string): string | null {
  const me = t.groupsInPlay[player]!;
  const later = t.turnOrder.slice(t.turnOrder.indexOf(player) + 1);
  return later.find((id) => enemies(t, me, t.groupsInPlay[id]!) && pair(t, player, id).canFight) ?? null;
}

const exploreOrResist: Handler<'anima.explore'> = (c, t, g, dice) => {
  // ANIMA-MISSION-5: the round of the Resist mission is this Group's Exploration-phase action.
  if (holding(g)) violation('resist_due', `${c.player}'s Resist mission round is due: anima.resist (ANIMA-MISSION-5).`);
  return explore(c, t, g, dice);
};

export const ANIMA_COMMANDS: { [T in AnimaCommandType]: AnimaCommandSpec<T> } = {
  'anima.keep_character': { phases: ['setup'], what: 'Keeping a Character (ANIMA-SETUP-3)', inTurn: false, decide: keepCharacter },
  'anima.discard_gifts': { phases: ['start'], what: 'Discarding Gifts (ANIMA-START-2a, ANIMA-START-3)', inTurn: true, decide: discardGifts },
  'anima.dismiss_character': { phases: ['start'], what: 'Dismissing a Character (ANIMA-START-2b, ANIMA-START-3)', inTurn: true, decide: dismissCharacter },
  'anima.go': { phases: ['move'], what: 'Going to a Location (ANIMA-MOVE-3)', inTurn: true, decide: goTo },
  'anima.seek_new_horizons': { phases: ['move'], what: 'Seeking new horizons (ANIMA-MOVE-4)', inTurn: true, decide: seekNewHorizons },
  'anima.rest': { phases: ['move'], what: 'Resting (ANIMA-MOVE-11)', inTurn: true, decide: rest },
  'anima.declare_combat': { phases: ['interaction'], what: 'Declaring combat (ANIMA-INTERACT-2)', inTurn: true, decide: declareCombat },
  'anima.trade_with': { phases: ['interaction'], what: 'Trading (ANIMA-INTERACT-1)', inTurn: true, decide: tradeWith },
  'anima.explore': { phases: ['exploration'], what: 'Exploring (ANIMA-EXPLORE-1)', inTurn: true, decide: exploreOrResist },
  'anima.resist': { phases: ['exploration'], what: 'A Resist mission round (ANIMA-MISSION-5)', inTurn: true, decide: resist },
  'anima.leave_location': { phases: ['start'], what: 'Leaving the Location (ANIMA-START-2d)', inTurn: true, decide: leaveLocation },
  'anima.leave_organisation': { phases: ['start'], what: 'Leaving the Organisation (ANIMA-HAND-2, ANIMA-START-2a)', inTurn: true, decide: leaveOrganisation },
  // Turn and phase are checked by the card's timing (ANIMA-TIMING-1/2).
  'anima.play_gift': { phases: ['start', 'move', 'interaction', 'exploration'], what: 'Playing a Gift (ANIMA-TIMING-1..4)', inTurn: false, decide: playGift },
  'anima.claim_reward': { phases: ['exploration'], what: 'Claiming a reward (ANIMA-REWARD-1)', inTurn: true, resolves: 'reward', decide: claimReward },
  'anima.choose_casualty': {
    phases: ['move', 'interaction', 'exploration'],
    what: 'Choosing the Character who dies (ANIMA-COMBAT-4)',
    inTurn: false,
    resolves: 'casualty',
    decide: chooseCasualty,
  },
  'anima.end_phase': { phases: ['start', 'move', 'interaction', 'exploration'], what: 'Finishing the phase (ANIMA-TURN-1)', inTurn: true, decide: endPhase },
};

export const ANIMA_COMMAND_TYPES = Object.keys(ANIMA_COMMANDS);

function check(spec: Omit<AnimaCommandSpec, 'decide'>, c: AnimaCommand, t: AnimaTable): GroupState {
  if (!t.cards) {
    violation(
      'not_set_up',
      `A full Ánima match needs the card lists the rulebook does not print: create a new match with them in the options first: ${t.missingCards.join(', ')}.`,
      {
        missing: t.missingCards,
      },
    );
  }
  // ANIMA-MISSION-3: the game ended when a player completed the Final Mission.
  if (t.phase === 'ended') violation('game_over', 'The game has ended (ANIMA-MISSION-3); no more commands.', { outcome: t.outcome });
  const g = groupOf(t, c.player);
  if (t.pending && spec.resolves !== t.pending.kind) {
    const how = t.pending.kind === 'casualty' ? 'anima.choose_casualty (ANIMA-COMBAT-4)' : 'anima.claim_reward (ANIMA-REWARD-1)';
    violation('choice_pending', `${t.pending.player} must first make a choice: ${how}.`, { pending: t.pending });
  }
  if (spec.resolves && (t.pending?.kind !== spec.resolves || t.pending.player !== c.player)) {
    violation('nothing_to_choose', `${c.player} has no ${spec.resolves} to choose now.`, { pending: t.pending });
  }
  // ANIMA-SETUP-3: the game starts once every player kept a Character
  if (t.phase === 'setup' && !spec.phases.includes('setup')) {
    violation('not_set_up', `${spec.what} waits for the set-up: every player keeps one of the two Characters drawn first (anima.keep_character, ANIMA-SETUP-3).`, {
      next: 'anima.keep_character',
    });
  }
  if (!spec.phases.includes(t.phase)) violation('wrong_phase', `${spec.what} is not possible in the ${t.phase} phase.`, { phase: t.phase, phases: spec.phases });
  if (spec.inTurn && !spec.resolves && t.toAct !== c.player) {
    violation('not_your_turn', `${t.toAct ?? 'Nobody'} acts now in the ${t.phase} phase (ANIMA-TURN-1: turn order ${t.turnOrder.join(', ')}).`, {
      toAct: t.toAct,
      turnOrder: t.turnOrder,
    });
  }
  return g;
}

/** ANIMA-ORDER-1..3: the order of the new turn, by Speed with the Rest bonus of the previous turn's Rest. */
function startTurn(t: AnimaTable, dice: Dice): AnimaEvent {
  const entrants = t.turnOrder.map((id) => {
    const g = t.groupsInPlay[id]!;
    // This turn's card modifiers expire (ANIMA-START-1); persistent cards still count.
    return { id, speed: groupSpeed({ ...coreGroup({ ...g, bonus: { combat: 0, speed: 0 } }), rested: g.resting }) };
  });
  const order = turnOrder(entrants, t.tieBreaks, dice);
  return event('anima.turn_started', { turn: t.turn + 1, order: order.order, tieBreaks: order.tieBreaks, runs: order.runs });
}

/** The next automatic event, if any. */
function followUp(t: AnimaTable, dice: Dice): AnimaEvent[] {
  if (t.phase === 'ended') return [];
  const p = t.pending;
  if (p?.kind === 'casualty') {
    const g = t.groupsInPlay[p.player]!;
    // ANIMA-COMBAT-4: with one Character there is nothing to choose.
    if (g.characters.length <= 1) return [event('anima.character_lost', { player: p.player, character: g.characters[0]!.card })];
    return [];
  }
  for (const [player, g] of Object.entries(t.groupsInPlay)) {
    if (g.characters.length > 0 || t.phase === 'setup') continue;
    // ANIMA-GROUP-5: a player without Characters takes the top Character as a new Group.
    const top = drawCards(t, 'characters', 1, dice);
    if (top.cards[0] === undefined) continue;
    const organisationDiscarded = g.organisation;
    return [...top.events, event('anima.group_replaced', { player, character: top.cards[0], ...(organisationDiscarded !== null ? { organisationDiscarded } : {}) })];
  }
  const hands = reconcileHands(t, dice);
  if (hands.length) return hands;
  if (t.phase === 'turn_end') return [startTurn(t, dice)];
  return [];
}

/** decide(command, table, dice) → events; `fold` is the table after them (for the follow-ups). */
export function decideTable(command: AnimaCommand, table: AnimaTable, dice: Dice): AnimaEvent[] {
  // Own members only: "constructor", "toString", "__proto__"… are unknown commands, not Object.prototype's.
  if (!own(ANIMA_COMMANDS, command.type)) violation('unknown_command', `Ánima matches know no command "${command.type}".`);
  const events = decideCommand(command, table, dice);
  let t = events.reduce(evolveTable, table);
  for (let guard = 0; guard < 20; guard++) {
    const more = followUp(t, dice);
    if (more.length === 0) break;
    events.push(...more);
    t = more.reduce(evolveTable, t);
  }
  return events;
}

/** The command's preconditions, then its handler: the table's entry for its type takes that type's command. */
function decideCommand<T extends AnimaCommandType>(command: AnimaCommandOf<T> & { type: T }, table: AnimaTable, dice: Dice): AnimaEvent[] {
  const spec = ANIMA_COMMANDS[command.type];
  const g = check(spec, command, table);
  return spec.decide(command, table, g, dice);
}
