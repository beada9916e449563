/**
 * Attacks between match fighters (EDEN-ATTACK-1, EDEN-ENGAGE-1, EDEN-RANGED-1..7, EDEN-THROW-1,
 * EDEN-SPRAY-1/2), by the stateless cores (melee.ts, ranged.ts, thrown.ts, spray.ts) with AP,
 * Attacks / Turn and weapon uses taken from the match: each command's schema (the endpoint's body,
 * fighters by id), documentation, preconditions and handler. The active fighter is checked by the
 * preconditions, except for melee (a disengagement attack is made on the active fighter).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import type { Fighter } from '../rules/fighter.js';
import { resolveMelee, type MeleeInput, type MeleeVia } from '../rules/melee.js';
import { resolveShot } from '../rules/ranged.js';
import { resolveThrow } from '../rules/thrown.js';
import { resolveSpray } from '../rules/spray.js';
import { MeleeBodySchema } from '../operations/melee.operation.js';
import { RangedBodySchema } from '../operations/ranged.operation.js';
import { edenSprayOperation, edenThrownOperation } from '../operations/area-attacks.operation.js';
import { defineCommand } from './preconditions.js';
import { Distance, FighterRef, Id, STRIKE, STRIKE_OPTIONS, fromBody, refs } from './command-schemas.js';
import { commandSchema } from '../../../kernel/commands.js';
import { entry, expectActive, npcEliminations, updates, violation, type MatchFighter } from './rules.js';
import { diceFact, fighterChanges, own, type EdenMatchState } from './state.js';
import type { EdenEvent } from './evolve/events.js';

const MELEE = commandSchema('eden.melee', { attacker: FighterRef, target: FighterRef, ...fromBody(MeleeBodySchema, STRIKE) });
/** The members a melee strike takes besides the two fighters and `via` (as POST /v1/eden/attacks/melee). */
export type StrikeOptions = Pick<Static<typeof MELEE>, (typeof STRIKE_OPTIONS)[number]>;

/** The melee core's input from a command's strike options (eden.melee, eden.activate_npc). */
export function strikeInput(
  opts: StrikeOptions,
  attacker: MatchFighter,
  target: MatchFighter,
  via: MeleeVia,
  limits: Pick<MeleeInput, 'attacksThisTurn' | 'engagesThisTurn'>,
): MeleeInput {
  return {
    attacker: attacker.fighter,
    target: target.fighter,
    reaction: opts.reaction,
    aim: opts.aim,
    targetAim: opts.targetAim,
    via,
    modifiers: opts.modifiers,
    weapon: opts.weapon,
    targetWeapon: opts.targetWeapon,
    ...limits,
  };
}

/** The match fighters an area attack names (`affected`, `covered`), by id. */
const areaFighters = (state: EdenMatchState, named: readonly unknown[] | undefined, role: string) =>
  (named ?? []).map((x, i) => {
    const e = entry(state, x, `${role} ${i + 1}`);
    return { id: e.id, fighter: e.fighter };
  });

/**
 * The event of a throw or a spray (and the NPCs it put out of action): what it changed on every
 * fighter. The attacker may be among those hit: its own result is the later state of it, with the
 * AP it has after the attack.
 */
function areaAttackEvents(
  type: 'eden.throw_resolved' | 'eden.spray_resolved',
  state: EdenMatchState,
  a: MatchFighter,
  weapon: string,
  r: { success: boolean; attacker: Fighter; results: { id: string; fighter: Fighter }[] },
  dice: Dice,
): EdenEvent[] {
  const byId = new Map<string, Fighter>([[a.id, r.attacker]]);
  for (const h of r.results) byId.set(h.id, h.id === a.id ? { ...h.fighter, ap: r.attacker.ap } : h.fighter);
  const fighters = [...byId].map(([id, fighter]) => ({ id, fighter }));
  const data = { attackerId: a.id, weapon, success: r.success, changes: fighterChanges(state, fighters), dice: diceFact(dice.transcript()) };
  return [type === 'eden.throw_resolved' ? { type, data } : { type, data }, ...npcEliminations(state, fighters, a)];
}

const ranged = RangedBodySchema;
const thrown = edenThrownOperation.body!;
const spray = edenSprayOperation.body!;

// the melee handler checks who is active (EDEN-MOVE-ACT-2)
export const ATTACK_COMMANDS = {
  /** EDEN-ATTACK-1 / EDEN-ENGAGE-1 / EDEN-MOVE-ACT-2: a melee attack between match fighters. */
  'eden.melee': defineCommand({
    schema: MELEE,
    description:
      'EDEN-ATTACK-1 / EDEN-ENGAGE-1 / EDEN-MOVE-ACT-2: the body of POST /v1/eden/attacks/melee, fighters by id; AP, 2 Attacks / Turn and 1 Engage / Turn come from the match. Dice as that endpoint (CONTRACT §1): passive — attacker CBT, location; dodge — attacker CBT, location, target RAP; response — the opposed CBT pair(s), then each striker’s CBT and location.',
    example: { attacker: 'a1', target: 'b1', reaction: 'dodge', aim: 'head', dice: { values: [6, 5, 4, 2, 1, 3, 3, 2, 1, 1, 1] } },
    preconditions: {},
    decide(cmd, state, dice) {
      const a = entry(state, cmd.attacker, 'attacker');
      const t = entry(state, cmd.target, 'target');
      const via = cmd.via ?? 'attack';
      if (a.side === t.side) violation('illegal_target', `Fighter ${t.id} is not an adversary of ${a.id} (EDEN-ATTACK-1).`, { legalTargets: [] });
      // EDEN-MOVE-ACT-2: a disengagement attack is made on the fighter being activated, by an adversary
      if (via === 'disengage') expectActive(state, t.id);
      else expectActive(state, a.id);
      // EDEN-ATTACK-2 / EDEN-ENGAGE-1: limits enforced from the match state
      const r = resolveMelee(strikeInput(cmd, a, t, via, { attacksThisTurn: { attacker: a.turn.attacks, target: t.turn.attacks }, engagesThisTurn: a.turn.engages }), dice);
      return [
        {
          type: 'eden.melee_resolved',
          data: {
            attackerId: a.id,
            targetId: t.id,
            weapon: cmd.weapon ?? null,
            via: r.via,
            reaction: r.reaction,
            responded: r.reaction === 'response' && r.apSpent.target > 0,
            success: r.success,
            changes: fighterChanges(state, updates(r.attacker, r.target)),
            dice: diceFact(dice.transcript()),
          },
        },
        // EDEN-NPC-6: putting an NPC out of action (the attacker's, or the target's by its Response)
        ...npcEliminations(state, updates(r.target), a),
        ...npcEliminations(state, updates(r.attacker), t),
      ];
    },
  }),
  /** EDEN-RANGED-1..7: the shooter must be free and be activated; targets are match fighters. */
  'eden.ranged': defineCommand({
    schema: commandSchema('eden.ranged', {
      shooter: FighterRef,
      ...fromBody(ranged, ['weapon']),
      candidates: Type.Array(
        Type.Object({
          id: Id,
          distance: Distance,
          lineOfSight: Type.Boolean(),
          obstacles: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
          engagedWith: Type.Optional(Type.Array(Type.Object({ id: Id, distanceToShooter: Distance }), { maxItems: 50 })),
        }),
        { maxItems: 100 },
      ),
      ...fromBody(ranged, ['ignoreEngaged']),
      targetId: Type.Optional(Type.String({ maxLength: 200 })),
      ...fromBody(ranged, ['shooterElevated', 'shooterEngaged', 'aim', 'modifiers']),
    }),
    description:
      'EDEN-RANGED-1..7: the body of POST /v1/eden/attacks/ranged with candidates by id; weapon uses per turn / game come from the match. Dice: shooter CBT, location die, Potency roll (none after 0 successes).',
    example: { shooter: 'a1', weapon: 'Pistol', candidates: [{ id: 'b1', distance: 20, lineOfSight: true }], targetId: 'b1', dice: { seed: 'table 3' } },
    preconditions: { active: { member: 'shooter', role: 'shooter' } },
    decide(cmd, state, dice, { actor: s }) {
      const candidates = (cmd.candidates ?? []).map((c, i) => {
        const candidate = entry(state, c.id, `candidate ${i + 1}`);
        return {
          id: candidate.id,
          fighter: candidate.fighter,
          distance: c.distance,
          lineOfSight: c.lineOfSight,
          obstacles: c.obstacles,
          engagedWith: (c.engagedWith ?? []).map((e, j) => {
            const engaged = entry(state, e.id, `candidate ${i + 1} engagedWith ${j + 1}`);
            return { id: engaged.id, fighter: engaged.fighter, distanceToShooter: e.distanceToShooter };
          }),
        };
      });
      const weapon = String(cmd.weapon);
      const uses = own(s.itemUses, weapon) ?? { turn: 0, game: 0 };
      const r = resolveShot(
        {
          shooter: s.fighter,
          weapon,
          candidates,
          ignoreEngaged: cmd.ignoreEngaged,
          targetId: cmd.targetId,
          shooterElevated: cmd.shooterElevated,
          aim: cmd.aim,
          modifiers: cmd.modifiers,
          edition: state.edition,
          // EDEN-WEATHER-4: Thick fog, no target beyond 15 cm
          weather: state.weather,
          shooterEngaged: cmd.shooterEngaged,
          attacksThisTurn: s.turn.attacks,
          weaponUses: uses,
        },
        dice,
      );
      const changed = [r.shooter, ...(r.hit ? [r.hit.fighter] : [])];
      return [
        {
          type: 'eden.shot_resolved',
          data: { attackerId: s.id, weapon, targetId: r.targetId, success: r.success, changes: fighterChanges(state, updates(...changed)), dice: diceFact(dice.transcript()) },
        },
        ...npcEliminations(state, updates(...changed), s),
      ];
    },
  }),
  /** EDEN-THROW-1: the affected fighters are match fighters. */
  'eden.thrown': defineCommand({
    schema: commandSchema('eden.thrown', {
      attacker: FighterRef,
      ...fromBody(thrown, ['weapon']),
      point: Type.Object({ distance: Distance, lineOfSight: Type.Boolean() }),
      affected: refs(50),
      ...fromBody(thrown, ['attackerElevated', 'attackerEngaged']),
    }),
    description: 'EDEN-THROW-1: the body of POST /v1/eden/attacks/thrown with the affected fighters by id. Dice: X dice per affected fighter, in the order sent.',
    example: { attacker: 'a1', weapon: 'Molotov', point: { distance: 12, lineOfSight: true }, affected: ['b1', 'b2'] },
    preconditions: { active: { member: 'attacker', role: 'attacker' } },
    decide(cmd, state, dice, { actor: a }) {
      const weapon = String(cmd.weapon);
      const affected = areaFighters(state, cmd.affected, 'affected');
      const r = resolveThrow(
        {
          attacker: a.fighter,
          weapon,
          point: cmd.point,
          affected,
          attackerElevated: cmd.attackerElevated,
          attackerEngaged: cmd.attackerEngaged,
          attacksThisTurn: a.turn.attacks,
          weaponUses: own(a.itemUses, weapon) ?? { turn: 0, game: 0 },
          // EDEN-WEATHER-4: Thick fog, no point beyond 15 cm
          weather: state.weather,
        },
        dice,
      );
      return areaAttackEvents('eden.throw_resolved', state, a, weapon, r, dice);
    },
  }),
  /** EDEN-SPRAY-1/2: the covered fighters are match fighters. */
  'eden.spray': defineCommand({
    schema: commandSchema('eden.spray', { attacker: FighterRef, ...fromBody(spray, ['weapon']), covered: refs(50), ...fromBody(spray, ['attackerEngaged']) }),
    description: 'EDEN-SPRAY-1/2: the body of POST /v1/eden/attacks/spray with the covered fighters by id.',
    example: { attacker: 'a1', weapon: 'Flamethrower', covered: ['b1'] },
    preconditions: { active: { member: 'attacker', role: 'attacker' } },
    decide(cmd, state, dice, { actor: a }) {
      const weapon = String(cmd.weapon);
      const covered = areaFighters(state, cmd.covered, 'covered');
      const r = resolveSpray({
        attacker: a.fighter,
        weapon,
        covered,
        attackerEngaged: cmd.attackerEngaged,
        attacksThisTurn: a.turn.attacks,
        weaponUses: own(a.itemUses, weapon) ?? { turn: 0, game: 0 },
      });
      return areaAttackEvents('eden.spray_resolved', state, a, weapon, r, dice);
    },
  }),
};
