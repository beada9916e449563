/**
 * Optional rule: Infestation (§17, EDEN-NPC-*): the Infestation Level, placing NPCs in preparation
 * step 6bis, and activating them in upkeep step 2: each command's schema, documentation,
 * preconditions and handler. The option, the phase or step, the agreed level, the acting player and
 * the placement turn are checked by the preconditions (preconditions.ts).
 */
import { Type } from '@sinclair/typebox';
import { InvalidInput } from '../../../kernel/errors.js';
import { normalizeFighter } from '../rules/fighter.js';
import { assertFighters } from '../rules/checks.js';
import { resolveMelee } from '../rules/melee.js';
import { decideNpc, type NpcContact, type NpcVisible } from '../rules/npc.js';
import { FighterSchema } from '../operations/schemas.js';
import { MeleeBodySchema } from '../operations/melee.operation.js';
import { defineCommand, type Preconditions } from './preconditions.js';
import { Distance, Id, Player, STRIKE_OPTIONS, fromBody, refs, type FighterRef } from './command-schemas.js';
import { commandSchema } from '../../../kernel/commands.js';
import { strikeInput } from './attacks.js';
import { entry, npcEliminations, updates, violation } from './rules.js';
import { diceFact, fighterChanges, isInAction, own, type EdenMatchState } from './state.js';

/** EDEN-NPC-2 (preparation step 6bis): placing, or stopping, in turn once the level is agreed. */
const npcPlacement = (what: string, turnMessage: string): Preconditions => ({
  option: { rule: 'infestation', what: `${what} (EDEN-NPC-2)` },
  stage: { phase: 'preparation', prep: 'infestation', what: `${what} (EDEN-NPC-2, preparation step 6bis)` },
  levelAgreed: true,
  player: true,
  turn: { kind: 'placement', of: 'infestation', message: turnMessage },
});

/** A fighter an NPC sees or touches, and whether it is an NPC too. */
function known(state: EdenMatchState, ref: FighterRef, role: string) {
  const e = entry(state, ref, role);
  return { id: e.id, npc: e.side === 'npc' };
}

export const INFESTATION_COMMANDS = {
  /** EDEN-NPC-2 (1): the players agree on the Infestation Level (when options.infestation gave none). */
  'eden.set_infestation_level': defineCommand({
    schema: commandSchema('eden.set_infestation_level', { level: Type.Integer({ minimum: 1, maximum: 100 }) }),
    description: 'EDEN-NPC-2 (options.infestation without a level): the agreed Infestation Level; each player gets that many points.',
    example: { level: 10 },
    preconditions: {
      option: { rule: 'infestation', what: 'The Infestation Level (EDEN-NPC-2)' },
      stage: { phase: 'preparation', prep: 'infestation', what: 'The Infestation Level (EDEN-NPC-2, preparation step 6bis)' },
    },
    decide(cmd, state) {
      if (state.infestation!.level !== null) violation('already_done', `The Infestation Level is already ${state.infestation!.level}.`, { level: state.infestation!.level });
      return [{ type: 'eden.infestation_level_set', data: { level: Number(cmd.level) } }];
    },
  }),
  /** EDEN-NPC-2 (3/4): alternate from the First player, X points for an NPC of Level X, 15 cm apart. */
  'eden.place_npc': defineCommand({
    schema: commandSchema('eden.place_npc', {
      player: Player,
      npc: FighterSchema,
      level: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      nearestNpcDistance: Type.Optional(Distance),
    }),
    description: 'EDEN-NPC-2 (preparation step 6bis): X Infestation Points for an NPC of Level X, alternating from the First player; `nearestNpcDistance` < 15 cm is refused.',
    example: { player: 'A', npc: { ref: 'yuri', id: 'npc-1', name: 'Wandering Yûri', types: ['npc'] }, level: 3, nearestNpcDistance: 20 },
    preconditions: npcPlacement('Placing an NPC', 'Player {next} places the next NPC (EDEN-NPC-2: alternate, First player first).'),
    decide(cmd, state, _dice, { side }) {
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
    },
  }),
  /** EDEN-NPC-2 (4): a player who cannot (or will not) buy another NPC stops; the other continues. */
  'eden.stop_npc_placement': defineCommand({
    schema: commandSchema('eden.stop_npc_placement', { player: Player }),
    description: 'EDEN-NPC-2: the player cannot buy another NPC and stops; the other continues.',
    example: { player: 'B' },
    preconditions: npcPlacement('Placing NPCs', 'Player {next} places (or stops) next (EDEN-NPC-2).'),
    decide: (_cmd, _state, _dice, { side }) => [{ type: 'eden.npc_placement_stopped', data: { player: side } }],
  }),
  /**
   * EDEN-NPC-3/4 (upkeep step 2): the First player activates an NPC, then the players alternate until
   * each has been activated once. The decision is the core's (Attack if a fighter is in contact, else
   * Charge the nearest fighter in LoS closer than 10 cm, else Wander 5 cm); an attack is a normal melee
   * attack rolled by the activating player, and the target reacts normally (EDEN-NPC-5).
   */
  'eden.activate_npc': defineCommand({
    schema: commandSchema('eden.activate_npc', {
      player: Player,
      npcId: Id,
      contacts: Type.Optional(refs(50)),
      visible: Type.Optional(Type.Array(Type.Object({ id: Id, distance: Distance, lineOfSight: Type.Boolean(), concealed: Type.Optional(Type.Boolean()) }), { maxItems: 100 })),
      targetId: Type.Optional(Id),
      ...fromBody(MeleeBodySchema, STRIKE_OPTIONS),
    }),
    description:
      'EDEN-UPKEEP-2 / EDEN-NPC-3..5: the First player, then alternately, activates each NPC once before `eden.upkeep`. The NPC attacks a fighter in `contacts`, else charges the nearest in `visible` (< 10 cm, LoS), else wanders 5 cm; `targetId` picks among equals; the target reacts with `reaction`. Dice: an attack or charge rolls as `eden.melee` with the NPC as attacker; a wander rolls none.',
    example: { player: 'A', npcId: 'npc-1', contacts: ['b1'], reaction: 'response' },
    // EDEN-NPC-3: whose turn is checked after the NPC named (the handler)
    preconditions: { option: { rule: 'infestation', what: 'Activating an NPC (EDEN-NPC-3)' }, stage: { phase: 'upkeep', what: 'Activating an NPC (EDEN-UPKEEP-2)' }, player: true },
    decide(cmd, state, dice, { side }) {
      const npc = entry(state, cmd.npcId, 'NPC');
      if (npc.side !== 'npc') violation('not_an_npc', `Fighter ${npc.id} is not an NPC (EDEN-NPC-1).`, { fighterId: npc.id });
      if (!isInAction(npc)) violation('out_of_action', `NPC ${npc.id} is out of action.`, { fighterId: npc.id });
      if (state.upkeep.npcsActivated.includes(npc.id))
        violation('already_activated', `NPC ${npc.id} has already been activated in this upkeep (EDEN-NPC-3).`, { fighterId: npc.id });
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
    },
  }),
};
