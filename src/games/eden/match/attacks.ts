/**
 * Attacks between match fighters (EDEN-ATTACK-1, EDEN-ENGAGE-1, EDEN-RANGED-1..7, EDEN-THROW-1,
 * EDEN-SPRAY-1/2), by the stateless cores (melee.ts, ranged.ts, thrown.ts, spray.ts) with AP,
 * Attacks / Turn and weapon uses taken from the match. The active fighter is checked by the
 * dispatcher, except for melee (a disengagement attack is made on the active fighter).
 */
import type { Dice } from '../../../kernel/dice/index.js';
import type { Fighter } from '../rules/fighter.js';
import { resolveMelee, type MeleeInput, type MeleeVia } from '../rules/melee.js';
import { resolveShot } from '../rules/ranged.js';
import { resolveThrow } from '../rules/thrown.js';
import { resolveSpray } from '../rules/spray.js';
import type { StrikeOptions } from './command-types.js';
import type { Handler } from './preconditions.js';
import { entry, expectActive, npcEliminations, updates, violation, type MatchFighter } from './rules.js';
import { diceFact, fighterChanges, own, type EdenEvent, type EdenMatchState } from './state.js';

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

/** EDEN-ATTACK-1 / EDEN-ENGAGE-1 / EDEN-MOVE-ACT-2: a melee attack between match fighters. */
export const melee: Handler<'eden.melee'> = (cmd, state, dice) => {
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
};

/** EDEN-RANGED-1..7: the shooter must be free and be activated; targets are match fighters. */
export const ranged: Handler<'eden.ranged'> = (cmd, state, dice, { actor: s }) => {
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
};

/** The match fighters an area attack names (`affected`, `covered`), by id. */
const areaFighters = (state: EdenMatchState, refs: readonly unknown[] | undefined, role: string) =>
  (refs ?? []).map((x, i) => {
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

/** EDEN-THROW-1: the affected fighters are match fighters. */
export const thrown: Handler<'eden.thrown'> = (cmd, state, dice, { actor: a }) => {
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
};

/** EDEN-SPRAY-1/2: the covered fighters are match fighters. */
export const spray: Handler<'eden.spray'> = (cmd, state, dice, { actor: a }) => {
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
};
