/**
 * Ánima match commands that close a player's part: the Character a defeat by 5 or more costs
 * (ANIMA-COMBAT-4), and the end of the player's phase (ANIMA-TURN-1): each command's declaration
 * (schema, documentation, timing) with its handler.
 */
import { animaCommand, byType } from './decide.js';
import { event } from './events.js';
import { enemies } from './gifts.js';
import { commandSchema, Name } from './members.js';
import { pair } from './play.js';
import { characterOf, holding, violation } from './rules.js';
import type { AnimaTable } from './state.js';

/** ANIMA-COMBAT-4: the losing player chooses which Character dies (ANIMA-GROUP-4). */
const chooseCasualty = animaCommand({
  schema: commandSchema('anima.choose_casualty', { character: Name }),
  description: 'ANIMA-COMBAT-4: after a defeat by 5 or more, the loser names the Character who dies.',
  example: { player: 'p2', character: 'Técnico' },
  phases: ['move', 'interaction', 'exploration'],
  what: 'Choosing the Character who dies (ANIMA-COMBAT-4)',
  inTurn: false,
  resolves: 'casualty',
  decide(c, _t, g) {
    return [event('anima.character_lost', { player: c.player, character: characterOf(g, c.character, c.player) })];
  },
});

/** ANIMA-TURN-1: the player is done in this phase. */
const endPhase = animaCommand({
  schema: commandSchema('anima.end_phase', {}),
  description:
    "ANIMA-TURN-1: the player is done in this phase (Start, Interaction — refused while an enemy Organisation's Group must be fought, ANIMA-INTERACT-4 —; in Exploration: declines to explore, ANIMA-EXPLORE-2, refused while a Resist round is due). " +
    'Dice order: when the last player ends the Exploration phase the next turn order is set (ANIMA-ORDER-1/2): for each Speed shared by several Groups, from the highest Speed down, unless a stored ranking still holds, one d10 per tied player in the order of the turn that ends, then one more d10 per player of each sub-tie (higher rolls first).',
  example: { player: 'p1' },
  phases: ['start', 'move', 'interaction', 'exploration'],
  what: 'Finishing the phase (ANIMA-TURN-1)',
  inTurn: true,
  decide(c, t, g) {
    // ANIMA-MOVE: each player declares exactly one of Go, Seek new horizons or Rest.
    if (t.phase === 'move') violation('declaration_needed', 'In the Move phase declare anima.go, anima.seek_new_horizons or anima.rest (ANIMA-MOVE).');
    const foe = t.phase === 'interaction' ? enemyToFight(t, c.player) : null;
    if (foe) violation('combat_required', `${c.player} and ${foe} belong to enemy Organisations at the same Location: declare combat (ANIMA-INTERACT-4).`, { target: foe });
    if (t.phase === 'exploration' && holding(g)) violation('resist_due', `${c.player}'s Resist mission round is due: anima.resist (ANIMA-MISSION-5).`);
    return [event('anima.phase_finished', { player: c.player })];
  },
});

/** ANIMA-INTERACT-4 / ANIMA-AMB-8: the first of two enemy-Organisation Groups at one Location must fight, when combat is legal. */
function enemyToFight(t: AnimaTable, player: string): string | null {
  const me = t.groupsInPlay[player]!;
  const later = t.turnOrder.slice(t.turnOrder.indexOf(player) + 1);
  return later.find((id) => enemies(t, me, t.groupsInPlay[id]!) && pair(t, player, id).canFight) ?? null;
}

/** The casualty chosen and the end of a phase. */
export const PHASE_COMMANDS = byType(chooseCasualty, endPhase);
