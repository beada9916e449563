/**
 * Optional rule: Territory management (§16, EDEN-TERRAIN-*): buying scenery in preparation, and the
 * active fighter attacking, setting fire to or touching an element: each command's schema,
 * documentation, preconditions and handler. The option, the step, the placement turn and the
 * active fighter are checked by the preconditions (preconditions.ts).
 */
import { Type } from '@sinclair/typebox';
import { InvalidInput } from '../../../kernel/errors.js';
import { attackScenery, effectiveRules, igniteScenery, ruleValue, touchBurning } from '../rules/scenery.js';
import { sceneryById } from '../rules/catalog/scenery.js';
import { hostilePresence } from '../rules/terrain.js';
import { edenSceneryOperation } from '../operations/scenery.operation.js';
import { defineCommand } from './preconditions.js';
import { Distance, FighterRef, Id, Player, fromBody } from './command-schemas.js';
import { commandSchema } from '../../../kernel/commands.js';
import { refId, sameFighter, updates, violation } from './rules.js';
import { checkSceneryDistance } from './distances.js';
import { diceFact, fighterChanges, isInAction, own, type EdenMatchState } from './state.js';

function scenery(state: EdenMatchState, ref: unknown) {
  const id = refId(ref);
  const s = own(state.scenery, id);
  if (!s) violation('unknown_scenery', `No scenery element "${id}" on the table.`, { sceneryId: id, scenery: Object.keys(state.scenery) });
  return s;
}

export const TERRITORY_COMMANDS = {
  /** EDEN-TERRAIN-3 / EDEN-AMB-29: 8 Scenery Points each, all spent, alternating from the First player. */
  'eden.place_scenery': defineCommand({
    schema: commandSchema('eden.place_scenery', {
      player: Player,
      element: Type.String({ minLength: 1, maxLength: 100 }),
      sceneryId: Type.Optional(Id),
      nearestDistance: Type.Optional({
        ...Distance,
        description: 'Measured cm to the nearest element, table edge or objective: ES needs more than 5, DE at least 5 (EDEN-PREP-6).',
      }),
    }),
    description:
      'EDEN-TERRAIN-3 / EDEN-AMB-29 (options.territory): one catalog element (EDEN-TERRAIN-LIST-*) for its cost out of the 8 Scenery Points, alternating from the First player until both spent all; a measured `nearestDistance` must be more than 5 cm (DE: at least 5 cm).',
    example: { player: 'A', element: 'forest', sceneryId: 'forest-1' },
    preconditions: {
      option: { rule: 'territory', what: 'Placing scenery (EDEN-TERRAIN-3)' },
      stage: { phase: 'preparation', prep: 'scenery', what: 'Placing scenery (EDEN-TERRAIN-3)' },
      player: true,
      turn: { kind: 'placement', of: 'territory', message: 'Player {next} places the next element (EDEN-AMB-29: alternate, First player first).' },
    },
    decide(cmd, state, _dice, { side }) {
      const t = state.territory!;
      const el = sceneryById(String(cmd.element));
      if (!el)
        throw new InvalidInput([{ path: '/command/element', code: 'unknown_scenery', message: `"${String(cmd.element)}" is not in the scenery list (EDEN-TERRAIN-LIST-1..13).` }]);
      if (el.cost > t.points[side]) {
        violation('insufficient_scenery_points', `${el.names.en} costs ${el.cost} Scenery Points and player ${side} has ${t.points[side]} (EDEN-TERRAIN-3).`, {
          cost: el.cost,
          points: t.points[side],
        });
      }
      const id = cmd.sceneryId === undefined ? `${side}-${el.id}-${Object.keys(state.scenery).length + 1}` : String(cmd.sceneryId);
      if (own(state.scenery, id) || own(state.fighters, id)) violation('duplicate_scenery_id', `Id "${id}" is already used in this match.`, { sceneryId: id });
      // EDEN-PREP-6 / EDEN-AMB-29: the measured spacing to other elements, edges and objectives
      checkSceneryDistance(state, cmd.nearestDistance);
      return [
        {
          type: 'eden.scenery_placed',
          data: { player: side, sceneryId: id, element: el.id, cost: el.cost, rules: el.rules.map((r) => ({ ...r })), pointsLeft: t.points[side] - el.cost },
        },
      ];
    },
  }),
  /** EDEN-TERRAIN-R-DESTRUCTION / EDEN-AMB-33: an Attack on an element (no dice; 1 AP, one of the 2 Attacks). */
  'eden.attack_scenery': defineCommand({
    schema: commandSchema('eden.attack_scenery', { attacker: FighterRef, sceneryId: Id, distance: Type.Optional(Distance) }),
    description:
      'EDEN-TERRAIN-R-DESTRUCTION / EDEN-AMB-33: the active fighter attacks an element (no dice; 1 AP, one of the 2 Attacks); `distance` is checked against Thick fog (EDEN-WEATHER-4).',
    example: { attacker: 'a1', sceneryId: 'forest-1', distance: 2 },
    preconditions: { option: { rule: 'territory', what: 'Attacking scenery (EDEN-TERRAIN-R-DESTRUCTION)' }, active: { member: 'attacker', role: 'attacker' } },
    decide(cmd, state, _dice, { actor: f }) {
      const s = scenery(state, cmd.sceneryId);
      const distance = cmd.distance;
      // EDEN-WEATHER-4 / EDEN-AMB-26: under Thick fog no target (scenery included) beyond 15 cm
      if (state.weather.includes('thick_fog') && distance !== undefined && distance > 15) {
        violation('out_of_range', `The element is ${distance} cm away; under Thick fog nothing beyond 15 cm may be targeted (EDEN-WEATHER-4).`, { range: 15, distance });
      }
      const r = attackScenery(s, f.fighter, f.turn.attacks);
      return [
        {
          type: 'eden.scenery_attacked',
          data: {
            attackerId: f.id,
            sceneryId: s.id,
            apSpent: r.apSpent,
            attacks: r.scenery.attacks,
            destroyed: r.destroyedNow,
            replacedBy: r.replacedBy,
            changes: fighterChanges(state, updates(r.attacker!)),
          },
        },
      ];
    },
  }),
  /** EDEN-TERRAIN-R-INFLAMMABLE: the active fighter's Fire (X) effect reaches an Inflammable element. */
  'eden.ignite_scenery': defineCommand({
    schema: commandSchema('eden.ignite_scenery', { fighterId: Id, sceneryId: Id, ...fromBody(edenSceneryOperation.body!, ['markers']) }),
    description: 'EDEN-TERRAIN-R-INFLAMMABLE: a Fire (X) effect of the active fighter puts `markers` Fire markers on an Inflammable element (each counts towards Destruction).',
    example: { fighterId: 'a1', sceneryId: 'forest-1', markers: 1 },
    preconditions: { option: { rule: 'territory', what: 'Setting scenery on fire (EDEN-TERRAIN-R-INFLAMMABLE)' }, active: { member: 'fighterId', role: 'fighter' } },
    decide(cmd, state, _dice, { actor: f }) {
      const s = scenery(state, cmd.sceneryId);
      const markers = Number(cmd.markers ?? 1);
      const r = igniteScenery(s, markers);
      return [{ type: 'eden.scenery_ignited', data: { fighterId: f.id, sceneryId: s.id, markers, fire: r.scenery.fire, destroyed: r.destroyedNow, replacedBy: r.replacedBy } }];
    },
  }),
  /**
   * EDEN-TERRAIN-R-INFLAMMABLE / EDEN-TERRAIN-R-HOSTILE: the active fighter starts its activation or
   * ends a move in contact with (or inside) an element: 1 Fire marker if it burns, X wounds (one
   * location roll each, protection ignored) for Hostile Presence (X).
   */
  'eden.scenery_contact': defineCommand({
    schema: commandSchema('eden.scenery_contact', {
      fighterId: Id,
      sceneryId: Id,
      moment: Type.Optional(Type.Union([Type.Literal('activation_start'), Type.Literal('move_end')])),
    }),
    description:
      'EDEN-TERRAIN-R-INFLAMMABLE / EDEN-TERRAIN-R-HOSTILE: the active fighter starts its activation or ends a move in contact with an element: 1 Fire marker if it burns, Hostile Presence (X) wounds. Dice: one location die per Hostile Presence wound, until out of action.',
    example: { fighterId: 'a1', sceneryId: 'forest-1', moment: 'move_end' },
    preconditions: { option: { rule: 'territory', what: 'Scenery contact (EDEN-TERRAIN-R-INFLAMMABLE / -HOSTILE)' }, active: { member: 'fighterId', role: 'fighter' } },
    decide(cmd, state, dice, { actor: f }) {
      const s = scenery(state, cmd.sceneryId);
      if (s.destroyed) violation('scenery_destroyed', `The element ${s.id} was destroyed and replaced by a Devastated zone (EDEN-TERRAIN-R-DESTRUCTION).`, { sceneryId: s.id });
      const moment = cmd.moment === 'move_end' ? 'move_end' : 'activation_start';
      const burnt = touchBurning(s, f.fighter);
      let fighter = burnt.fighter;
      const x = ruleValue(effectiveRules(s), 'hostile_presence');
      if (x !== undefined && isInAction({ ...f, fighter })) fighter = hostilePresence(fighter, x, dice).fighter;
      const changed = sameFighter(fighter, f.fighter) ? [] : updates(fighter);
      return [
        {
          type: 'eden.scenery_contact_resolved',
          data: { fighterId: f.id, sceneryId: s.id, moment, fireAdded: burnt.fireAdded, changes: fighterChanges(state, changed), dice: diceFact(dice.transcript()) },
        },
      ];
    },
  }),
};
