/**
 * Optional rule: Infestation (§17, EDEN-NPC-*): the Infestation Level, placing NPCs in preparation
 * step 6bis, and activating them in upkeep step 2. The option, the phase or step, the agreed level,
 * the acting player and the placement turn are checked by the dispatcher.
 */
import { InvalidInput } from '../../../kernel/errors.js';
import { normalizeFighter } from '../rules/fighter.js';
import { assertFighters } from '../rules/checks.js';
import { resolveMelee } from '../rules/melee.js';
import { decideNpc, type NpcContact, type NpcVisible } from '../rules/npc.js';
import type { FighterRef } from './command-types.js';
import type { Handler } from './preconditions.js';
import { strikeInput } from './attacks.js';
import { entry, npcEliminations, updates, violation } from './rules.js';
import { diceFact, fighterChanges, isInAction, own, type EdenMatchState } from './state.js';

/** EDEN-NPC-2 (1): the players agree on the Infestation Level (when options.infestation gave none). */
export const setInfestationLevel: Handler<'eden.set_infestation_level'> = (cmd, state) => {
  if (state.infestation!.level !== null) violation('already_done', `The Infestation Level is already ${state.infestation!.level}.`, { level: state.infestation!.level });
  return [{ type: 'eden.infestation_level_set', data: { level: Number(cmd.level) } }];
};

/** EDEN-NPC-2 (3/4): alternate from the First player, X points for an NPC of Level X, 15 cm apart. */
export const placeNpc: Handler<'eden.place_npc'> = (cmd, state, _dice, { side }) => {
  const inf = state.infestation!;
  const input = cmd.npc;
  // `npc.level` is an extra member of the fighter (its schema declares none, and accepts extra members)
  const level = Number(cmd.level ?? ('level' in input ? input.level : undefined));
  if (!Number.isInteger(level) || level < 1)
    throw new InvalidInput([{ path: '/command/level', code: 'required', message: "The NPC's Level (an integer ≥ 1) is needed: `level`, or `npc.level`." }]);
  assertFighters([[input, 'command', 'npc']]);
  if (level > inf.points[side])
    violation('insufficient_infestation_points', `An NPC of Level ${level} costs ${level} points and player ${side} has ${inf.points[side]} (EDEN-NPC-2).`, {
      cost: level,
      points: inf.points[side],
    });
  const near = cmd.nearestNpcDistance;
  // EDEN-NPC-2: not within 15 cm of another NPC (15 cm or more is fine)
  if (near !== undefined && near < 15)
    violation('npc_too_close', `An NPC may not be placed within 15 cm of another NPC; the nearest is ${near} cm away (EDEN-NPC-2).`, { distance: near, minimum: 15 });
  if (own(state.fighters, input.id) || own(state.scenery, input.id))
    violation('duplicate_fighter_id', `Fighter id "${input.id}" is used twice in this match; ids must be unique.`, { fighterId: input.id });
  const npc = { ...normalizeFighter(input), npc: true, ap: 0 };
  return [{ type: 'eden.npc_placed', data: { player: side, npc, level, pointsLeft: inf.points[side] - level } }];
};

/** EDEN-NPC-2 (4): a player who cannot (or will not) buy another NPC stops; the other continues. */
export const stopNpcPlacement: Handler<'eden.stop_npc_placement'> = (_cmd, _state, _dice, { side }) => [{ type: 'eden.npc_placement_stopped', data: { player: side } }];

/** A fighter an NPC sees or touches, and whether it is an NPC too. */
function known(state: EdenMatchState, ref: FighterRef, role: string) {
  const e = entry(state, ref, role);
  return { id: e.id, npc: e.side === 'npc' };
}

/**
 * EDEN-NPC-3/4 (upkeep step 2): the First player activates an NPC, then the players alternate until
 * each has been activated once. The decision is the core's (Attack if a fighter is in contact, else
 * Charge the nearest fighter in LoS closer than 10 cm, else Wander 5 cm); an attack is a normal melee
 * attack rolled by the activating player, and the target reacts normally (EDEN-NPC-5).
 */
export const activateNpc: Handler<'eden.activate_npc'> = (cmd, state, dice, { side }) => {
  const npc = entry(state, cmd.npcId, 'NPC');
  if (npc.side !== 'npc') violation('not_an_npc', `Fighter ${npc.id} is not an NPC (EDEN-NPC-1).`, { fighterId: npc.id });
  if (!isInAction(npc)) violation('out_of_action', `NPC ${npc.id} is out of action.`, { fighterId: npc.id });
  if (state.upkeep.npcsActivated.includes(npc.id)) violation('already_activated', `NPC ${npc.id} has already been activated in this upkeep (EDEN-NPC-3).`, { fighterId: npc.id });
  if (side !== state.upkeep.npcNext)
    violation('not_your_turn', `Player ${state.upkeep.npcNext} activates the next NPC (EDEN-NPC-3: First player first, then alternate).`, { next: state.upkeep.npcNext });
  const contacts: NpcContact[] = (cmd.contacts ?? []).map((r, i) => known(state, r, `contact ${i + 1}`));
  const visible: NpcVisible[] = (cmd.visible ?? []).map((v, i) => {
    const k = known(state, v.id, `visible ${i + 1}`);
    return { id: k.id, distance: v.distance, lineOfSight: v.lineOfSight, concealed: v.concealed, npc: k.npc };
  });
  const decision = decideNpc({ contacts, visible, targetId: cmd.targetId });
  if (decision.action === 'wander') {
    const wandered = { action: decision.action, distance: decision.distance };
    return [
      { type: 'eden.npc_activated', data: { player: side, npcId: npc.id, decision: wandered, melee: null, responded: false, changes: {}, dice: diceFact(dice.transcript()) } },
    ];
  }
  const t = entry(state, decision.targetId, 'target');
  const r = resolveMelee(strikeInput(cmd, npc, t, 'attack', { attacksThisTurn: { attacker: 0, target: t.turn.attacks } }), dice);
  return [
    {
      type: 'eden.npc_activated',
      data: {
        player: side,
        npcId: npc.id,
        decision: { action: decision.action, targetId: t.id },
        melee: { reaction: r.reaction, success: r.success },
        responded: r.reaction === 'response' && r.apSpent.target > 0,
        changes: fighterChanges(state, updates(r.attacker, r.target)),
        dice: diceFact(dice.transcript()),
      },
    },
    // EDEN-NPC-6: the target's Response may put the NPC out of action
    ...npcEliminations(state, updates(r.attacker), t),
  ];
};
