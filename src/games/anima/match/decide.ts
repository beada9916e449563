/**
 * How an Ánima full-match command is declared and decided (`animaCommand`, used by each family's
 * file: turn.ts, play.ts, resist.ts, gifts.ts, phase.ts): its schema, documentation and example,
 * its phase(s) and whether the acting player must be the one whose turn it is (preconditions as
 * data, checked once), then its handler. After the handler's events are folded, the follow-ups the
 * rules make automatic are appended: the only Character of a Group dies without a choice, an
 * emptied Group is replaced (ANIMA-GROUP-5), hands are dealt or lose cards to match their counts
 * (ANIMA-HAND-1), and the next turn's order is rolled when the Exploration phase ends (ANIMA-ORDER-1..3).
 */
import type { Static, TLiteral, TObject } from '@sinclair/typebox';
import { defineCommand, type CommandDef } from '../../../kernel/commands.js';
import type { Dice } from '../../../kernel/dice/index.js';
import { turnOrder } from '../rules/turn-order.js';
import { groupSpeed } from '../rules/group.js';
import { event, type AnimaEvent } from './events.js';
import { animaFolds } from './evolve.js';
import { coreGroup, drawCards, groupOf, violation } from './rules.js';
import type { AnimaPhase, AnimaTable, GroupState, Pending } from './state.js';
import { animaChoices } from './decisions.js';
import type { AnimaTableState } from './table.js';

/** When a command may be sent: the preconditions `check` applies before its handler. */
export interface AnimaTiming {
  /** The phases it is played in; `what` names it in the wrong_phase message. */
  phases: AnimaPhase[];
  what: string;
  /** Only the player whose turn it is in the phase (ANIMA-TURN-1); otherwise any player of the match. */
  inTurn: boolean;
  /** The pending choice this command makes (the only commands allowed while one is pending). */
  resolves?: Pending['kind'];
}

/** One full-match command: its schema (`commandSchema`: `{type, player, ...members, dice?}`), documentation (the example body without `type`), timing and handler. */
export interface AnimaCommandDeclaration<Sch extends TObject> extends AnimaTiming {
  schema: Sch;
  description: string;
  example: Record<string, unknown>;
  /** The handler: the command as its schema validated it, the table, the acting player's Group, the dice. */
  decide(c: Static<Sch>, t: AnimaTable, g: GroupState, dice: Dice): AnimaEvent[];
}

/** The declared command as the kernel takes it (its type beside it): its preconditions, its handler, then the follow-ups. */
export function animaCommand<Sch extends TObject>(declared: AnimaCommandDeclaration<Sch>): CommandDef<AnimaTable, AnimaEvent> & { type: string } {
  const { schema, description, example, decide, ...timing } = declared;
  const type = (schema.properties.type as TLiteral<string>).const;
  const command = defineCommand<AnimaTable, AnimaEvent, Sch>({
    description: `${description} Example: \`${JSON.stringify({ type, ...example })}\`.`,
    example,
    schema,
    // `player` is a string: the command was validated against its schema (commandSchema) before it is decided
    decide: (c, table, dice) => withFollowUps(decide(c, table, check(timing, c.player as string, table), dice), table, dice),
  });
  return { type, ...command };
}

/** A family's commands by type, in the order given. */
export const byType = (...commands: (CommandDef<AnimaTable, AnimaEvent> & { type: string })[]): Record<string, CommandDef<AnimaTable, AnimaEvent>> =>
  Object.fromEntries(commands.map(({ type, ...command }) => [type, command]));

/** The command that makes each kind of pending choice. */
const HOW: Record<Pending['kind'], string> = {
  casualty: 'anima.choose_casualty (ANIMA-COMBAT-4)',
  reward: 'anima.claim_reward (ANIMA-REWARD-1)',
  removal: 'anima.remove_location / anima.save_location (ANIMA-MOVE-7/8)',
};

/** The players a pending choice waits for (ANIMA-MOVE-8: each player who may save the Location chosen; otherwise its player). */
export const choosers = (p: Pending): string[] => (p.kind === 'removal' && p.deciding.length > 0 ? p.deciding : [p.player]);

/** A pending choice as a refusal names it: a removal without the seeker's committed Combat cards (ANIMA-TIMING-3). */
const shown = (p: Pending) => (p.kind === 'removal' ? { kind: p.kind, player: p.player, removal: p.removal, deciding: p.deciding } : p);

function check(spec: AnimaTiming, player: string, t: AnimaTable): GroupState {
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
  const g = groupOf(t, player);
  if (t.choosing && spec.resolves !== t.choosing.kind) {
    // CONTRACT §9.1: a command that would skip a pending decision → 422 decision_pending naming the players awaited
    const waits = animaChoices(t as AnimaTableState);
    const awaiting = waits.map((w) => w.player);
    violation('decision_pending', `${awaiting.join(', ')} must first make a choice: ${HOW[t.choosing.kind]}.`, { awaiting, rule: waits[0]!.rule, pending: shown(t.choosing) });
  }
  if (spec.resolves && (t.choosing?.kind !== spec.resolves || !choosers(t.choosing).includes(player))) {
    violation('nothing_to_choose', `${player} has no ${spec.resolves} to choose now.`, { pending: t.choosing && shown(t.choosing) });
  }
  // ANIMA-SETUP-3: the game starts once every player kept a Character
  if (t.phase === 'setup' && !spec.phases.includes('setup')) {
    violation('not_set_up', `${spec.what} waits for the set-up: every player keeps one of the two Characters drawn first (anima.keep_character, ANIMA-SETUP-3).`, {
      next: 'anima.keep_character',
    });
  }
  if (!spec.phases.includes(t.phase)) violation('wrong_phase', `${spec.what} is not possible in the ${t.phase} phase.`, { phase: t.phase, phases: spec.phases });
  if (spec.inTurn && !spec.resolves && t.toAct !== player) {
    violation('not_your_turn', `${t.toAct ?? 'Nobody'} acts now in the ${t.phase} phase (ANIMA-TURN-1: turn order ${t.turnOrder.join(', ')}).`, {
      toAct: t.toAct,
      turnOrder: t.turnOrder,
    });
  }
  return g;
}

/** The handler's events, then the automatic ones they lead to (each folded before the next is worked out). */
function withFollowUps(events: AnimaEvent[], table: AnimaTable, dice: Dice): AnimaEvent[] {
  let t = events.reduce(animaFolds.evolve, table);
  for (let guard = 0; guard < 20; guard++) {
    const more = followUp(t, dice);
    if (more.length === 0) break;
    events.push(...more);
    t = more.reduce(animaFolds.evolve, t);
  }
  return events;
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
  const p = t.choosing;
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

/** ANIMA-HAND-1 with a Gift deck: a hand whose count grew draws the cards; one whose count fell (an Event) loses cards at random. */
function reconcileHands(t: AnimaTable, dice: Dice): AnimaEvent[] {
  if (!t.cards?.gifts || t.phase === 'setup') return [];
  for (const [player, g] of Object.entries(t.groupsInPlay)) {
    if (g.handSize > g.hand.length) {
      const drawn = drawCards(t, 'gifts', g.handSize - g.hand.length, dice);
      return [...drawn.events, event('anima.gifts_drawn', { player, cards: drawn.cards })];
    }
    if (g.handSize < g.hand.length) {
      const left = [...g.hand];
      const cards = Array.from({ length: g.hand.length - g.handSize }, () => left.splice(dice.roll('Gift lost at random', 1, left.length)[0]! - 1, 1)[0]!);
      return [event('anima.gifts_lost', { player, cards })];
    }
  }
  return [];
}
