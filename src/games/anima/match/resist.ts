/**
 * Ánima match Resist missions (ANIMA-MISSION-5): started by claiming the Mission's objective reward,
 * the Group then stays at that Location on its own (it takes no part in the Move phase) and resolves
 * one round in each later Exploration phase (`anima.resist`: a combat against the mission's enemy if
 * the card names one). A defeat, by that enemy or by a rival in the Interaction phase, expels the
 * Group and the count restarts from zero (the Mission must be started again); declaring in the Start
 * phase that the Group leaves its Location (ANIMA-START-2d) abandons it. Each command's declaration
 * (schema, documentation, timing) with its handler.
 */
import { Type } from '@sinclair/typebox';
import { fightCreature } from '../rules/combat.js';
import { resistStep } from '../rules/missions.js';
import { animaCommand, byType } from './decide.js';
import { event, type AnimaEvent } from './events.js';
import { combatGifts } from './gifts.js';
import { CombatGifts, commandSchema } from './members.js';
import { completion } from './play.js';
import { coreGroup, holding, violation } from './rules.js';

/** ANIMA-MISSION-5: this turn's round of the Resist mission (Exploration phase). */
const resist = animaCommand({
  schema: commandSchema('anima.resist', { gifts: Type.Optional(CombatGifts) }),
  description:
    'ANIMA-MISSION-5 (Exploration phase, instead of exploring): one round of the Resist mission under way; a combat against its enemy if the card names one (`gifts`: Combat cards). A loss expels the Group and the Mission restarts from zero; the last round completes it. Dice: with an enemy, the Group’s d10 then the enemy’s d10; without one, none.',
  example: { player: 'p1', dice: { values: [6, 2] } },
  phases: ['exploration'],
  what: 'A Resist mission round (ANIMA-MISSION-5)',
  inTurn: true,
  decide(c, t, g, dice) {
    const r = g.resist;
    if (!r || !holding(g)) violation('no_resist_mission', `${c.player} holds no Location for a Resist mission (ANIMA-MISSION-5).`);
    const cards = t.cards!;
    const card = r.final ? cards.finalMissions[t.finalMission!.card]! : cards.basicMissions[g.missions.find((m) => m.name === r.mission)!.card]!;
    const enemy = card.test.kind === 'resist' ? card.test.enemy : undefined;
    if (!enemy && c.gifts) violation('no_combat', `${r.mission} names no enemy; Combat cards cannot be played (ANIMA-TIMING-3).`);
    const played = combatGifts(t, c.player, c.gifts);
    // ANIMA-COMBAT-1..4: the mission's enemies; a loss expels the Group (ANIMA-MISSION-5).
    const combat = enemy ? fightCreature(coreGroup(g, played.combat), enemy, dice) : undefined;
    const step = resistStep(r.progress, r.rounds, combat?.winner === 'creature');
    const out: AnimaEvent[] = [...played.events, event('anima.resisted', { player: c.player, mission: r.mission, location: r.location, ...(combat ? { combat } : {}), ...step })];
    return step.completed ? [...out, ...completion(t, c.player, r.mission, r.final, dice)] : out;
  },
});

/** ANIMA-START-2d / ANIMA-AMB-5: the Group declares it leaves its Location; a Resist mission under way is abandoned. */
const leaveLocation = animaCommand({
  schema: commandSchema('anima.leave_location', {}),
  description:
    'ANIMA-START-2d / ANIMA-AMB-5 (Start phase): declare that the Group leaves its Location; a Resist mission under way is abandoned (the Group then declares its move).',
  example: { player: 'p1' },
  phases: ['start'],
  what: 'Leaving the Location (ANIMA-START-2d)',
  inTurn: true,
  decide(c, _t, g) {
    if (g.location === null) violation('not_at_location', `${c.player}'s Group is at no Location.`);
    return [event('anima.location_left', { player: c.player, location: g.location, abandoned: g.resist?.mission ?? null })];
  },
});

/** The Resist-mission commands. */
export const RESIST_COMMANDS = byType(resist, leaveLocation);
