/**
 * The TypeBox schema and description of every EDEN match command: the one declaration of each
 * command's input. The TypeScript types the match decider uses (`EdenCommand`, `CommandOf<T>`,
 * `FighterRef`, `StrikeOptions`) are derived from these schemas (`Static`) at the end of this file,
 * and src/games/eden/match imports them as types only. Where a stateless operation resolves the
 * same thing (melee, ranged, thrown, spray, douse fire, scenery, roster, NPC), the command's members
 * are taken from that operation's body (`fromBody`), with the full fighters swapped for fighter
 * refs: the match state supplies them. Members the match bounds differently from the endpoint (ids
 * of 200 characters, distances up to 100 000 cm, a band of 1..50 fighters, …) keep their own
 * declaration, so every command validates exactly as before.
 */
import type { CommandOfType, CommandUnion } from '../../../kernel/commands.js';
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { WEATHER_CONDITIONS } from '../rules/catalog/weather.js';
import { DiceSpecSchema } from '../../../kernel/schemas/common.js';
import { FighterSchema } from '../operations/schemas.js';
import { MeleeBodySchema } from '../operations/melee.operation.js';
import { RangedBodySchema } from '../operations/ranged.operation.js';
import { edenSprayOperation, edenThrownOperation } from '../operations/area-attacks.operation.js';
import { edenDouseFireOperation } from '../operations/douse-fire.operation.js';
import { edenRosterOperation } from '../operations/roster.operation.js';
import { edenSceneryOperation } from '../operations/scenery.operation.js';
import { defineResolver } from '../../../kernel/validate.js';
import { InvalidInput } from '../../../kernel/errors.js';

const Id = Type.String({ minLength: 1, maxLength: 200 });
const Player = Type.Union([Type.Literal('A'), Type.Literal('B'), Type.String({ minLength: 1, maxLength: 200 })], {
  description: '"A" (the first player of the match), "B" (the second) or a player id.',
});
const FighterRef = Type.Union([Id, Type.Object({ id: Id })], {
  description: 'A fighter of the match: its id, or any object with its `id` (the match state supplies the profile, wounds, markers and AP).',
});
const Distance = Type.Number({ minimum: 0, maximum: 100_000 });
const refs = (maxItems: number, description?: string) => Type.Array(FighterRef, description ? { maxItems, description } : { maxItems });

/**
 * Members of an operation's body, as they are. A `default` is dropped: the body validator fills
 * defaults in, and a command leaves an omitted member to the match (the decider applies the rule's
 * default).
 */
function fromBody<P extends TProperties, const K extends keyof P & string>(body: TObject<P>, keys: readonly K[]): Pick<P, K> {
  return Object.fromEntries(
    keys.map((k) => {
      const { default: _default, ...schema } = body.properties[k] as TSchema & { default?: unknown };
      return [k, schema];
    }),
  ) as Pick<P, K>;
}

const melee = MeleeBodySchema;
const ranged = RangedBodySchema;
const thrown = edenThrownOperation.body!;
const spray = edenSprayOperation.body!;
const douse = edenDouseFireOperation.body!;
const roster = edenRosterOperation.body!;
const scenery = edenSceneryOperation.body!;

/** The members a strike takes besides its fighters: as POST /v1/eden/attacks/melee. */
const STRIKE = ['reaction', 'aim', 'targetAim', 'via', 'modifiers', 'weapon', 'targetWeapon'] as const;
/** The same without `via`: what an NPC's attack or charge takes (EDEN-NPC-3..5). */
const STRIKE_OPTIONS = ['reaction', 'aim', 'targetAim', 'modifiers', 'weapon', 'targetWeapon'] as const;
const dice = { dice: Type.Optional(DiceSpecSchema) };

const cmd = <T extends string, P extends TProperties>(type: T, description: string, props: P) => ({
  description,
  schema: Type.Object({ type: Type.Literal(type), ...props, ...dice }),
});

/** Most fighters a band registered in a match may have (EDEN-PREP-1). */
const MAX_BAND = 50;

// EDEN-PREP-1: a band of more than MAX_BAND fighters is refused before any fighter is validated (the
// validator reports every problem at once, so it would check each one first: 50,000 took 18 s). A
// resolver runs before the command's own checks; throwing ends the validation there, and the 400
// `too_many_items` reaches the caller with its path under `/command` (as POST /v1/eden/rosters/validate).
defineResolver('eden-band-size', (command) => {
  const fighters = command.fighters;
  if (!Array.isArray(fighters) || fighters.length <= MAX_BAND) return undefined;
  const problem = {
    path: '/fighters',
    code: 'maxItems',
    message: `must NOT have more than ${MAX_BAND} items (${fighters.length} sent; none was validated)`,
    limit: MAX_BAND,
    count: fighters.length,
  };
  throw new InvalidInput([problem], `A band has at most ${MAX_BAND} fighters (${fighters.length} sent); none was validated.`, 'too_many_items');
});

/** The command schema with the band-size check first (above). */
const bandSized = <C extends { schema: TSchema }>(c: C): C => ({ ...c, schema: { ...c.schema, 'x-resolve': 'eden-band-size' } });

export const EDEN_COMMAND_SCHEMAS = {
  'eden.register_band': bandSized(
    cmd('eden.register_band', 'EDEN-PREP-1/2: a player shows his band (validated like POST /v1/eden/rosters/validate); its Strategy Points are computed.', {
      player: Player,
      ...fromBody(roster, ['bandType', 'affiliation']),
      budget: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
      fighters: Type.Array(FighterSchema, { minItems: 1, maxItems: MAX_BAND }),
    }),
  ),
  'eden.bid': cmd(
    'eden.bid',
    'EDEN-PREP-3 (preparation) and EDEN-FIRST-1/2 (each turn): both bids, revealed together; `choice` is whom the bid winner names First player. Dice: on equal bids, A’s d6 then B’s, again while equal.',
    {
      bids: Type.Object({ A: Type.Integer({ minimum: 0, maximum: 1000 }), B: Type.Integer({ minimum: 0, maximum: 1000 }) }),
      choice: Type.Optional(Player),
    },
  ),
  'eden.choose_leader': cmd('eden.choose_leader', 'EDEN-PREP-4: First player first.', { player: Player, fighterId: Id }),
  'eden.play_mission': cmd('eden.play_mission', 'EDEN-PREP-5: First player first; a Revealed mission cannot be played twice (EDEN-AMB-12).', {
    player: Player,
    mission: Type.Object({
      name: Id,
      visibility: Type.Union([Type.Literal('secret'), Type.Literal('revealed')]),
      deployment: Type.Union([Type.Literal('confrontation'), Type.Literal('ambush')]),
    }),
  }),
  'eden.deploy': cmd(
    'eden.deploy',
    "EDEN-PREP-7: records the deployment (zone from the player's own mission). Under Mist (EDEN-WEATHER-6) one fighter per command (`fighterId`, `placement`), alternating from the First player. Measured `centreDistances` (`centreDistance` under Mist) are checked: ES more than 20 cm, DE at least 20 cm.",
    {
      player: Player,
      placements: Type.Optional(Type.Unknown()),
      fighterId: Type.Optional(Id),
      placement: Type.Optional(Type.Unknown()),
      centreDistances: Type.Optional(
        Type.Array(Type.Object({ fighterId: Id, distance: Distance }), {
          maxItems: 50,
          description: 'Measured cm of each fighter from the centre line (Confrontation) or the centre (Ambush): ES needs more than 20, DE at least 20 (EDEN-PREP-7).',
        }),
      ),
      centreDistance: Type.Optional({ ...Distance, description: 'Under Mist: the measured cm of `fighterId` from the centre line or centre (EDEN-PREP-7).' }),
    },
  ),
  'eden.choose_tactic_hand': cmd('eden.choose_tactic_hand', "EDEN-PREP-8: as many distinct cards as the Leader's current PSI; after both hands turn 1 starts (EDEN-PREP-9).", {
    player: Player,
    cards: Type.Array(Id, { maxItems: 20 }),
  }),
  'eden.play_tactic': cmd('eden.play_tactic', 'EDEN-TACPH-1/2: 2 SP, Leader on the table, one per player and phase; `cancellationPaid` SP from the opponent cancel it.', {
    player: Player,
    card: Id,
    cancellationPaid: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  }),
  'eden.skip_tactic': cmd('eden.skip_tactic', 'EDEN-TACPH-1: play no card this Tactical phase.', { player: Player }),
  'eden.activate': cmd(
    'eden.activate',
    'EDEN-ACT-1..3: the First player names a fighter; `interruptions` lists the fighters named back and forth (each of strictly greater RAP); the last named is activated.',
    { player: Player, fighterId: Id, interruptions: Type.Optional(refs(50)) },
  ),
  'eden.end_activation': cmd('eden.end_activation', 'EDEN-ACT-4: ends the activation; the opponent becomes First player (EDEN-ACT-7 when he has nothing to activate).', {
    player: Type.Optional(Player),
  }),
  'eden.pass': cmd('eden.pass', 'EDEN-ACT-5/6: pass instead of designating; two passes in a row end the phase.', { player: Player }),
  'eden.move': cmd(
    'eden.move',
    'EDEN-MOVE-ACT-1/2: 1 AP, 3 / Turn; `disengageFrom` lists the adversaries in contact (RAP roll against the highest RAP); a measured `distance` above 10 cm (8 cm in a Headwind) is refused. Dice: only a disengagement rolls — the fighter’s RAP roll (EDEN-ROLL-1).',
    {
      fighterId: Id,
      disengageFrom: Type.Optional(refs(20)),
      distance: Type.Optional({ ...Distance, description: 'The measured length of the move: refused above 10 cm, 8 cm in a Headwind (EDEN-MOVE-ACT-1, EDEN-WEATHER-3).' }),
    },
  ),
  'eden.douse_fire': cmd('eden.douse_fire', 'EDEN-STATE-FIRE-2: 1 AP per Fire marker removed.', { fighterId: Id, ...fromBody(douse, ['markers']) }),
  'eden.melee': cmd(
    'eden.melee',
    'EDEN-ATTACK-1 / EDEN-ENGAGE-1 / EDEN-MOVE-ACT-2: the body of POST /v1/eden/attacks/melee, fighters by id; AP, 2 Attacks / Turn and 1 Engage / Turn come from the match. Dice as that endpoint (CONTRACT §1): passive — attacker CBT, location; dodge — attacker CBT, location, target RAP; response — the opposed CBT pair(s), then each striker’s CBT and location.',
    { attacker: FighterRef, target: FighterRef, ...fromBody(melee, STRIKE) },
  ),
  'eden.ranged': cmd(
    'eden.ranged',
    'EDEN-RANGED-1..7: the body of POST /v1/eden/attacks/ranged with candidates by id; weapon uses per turn / game come from the match. Dice: shooter CBT, location die, Potency roll (none after 0 successes).',
    {
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
    },
  ),
  'eden.thrown': cmd(
    'eden.thrown',
    'EDEN-THROW-1: the body of POST /v1/eden/attacks/thrown with the affected fighters by id. Dice: X dice per affected fighter, in the order sent.',
    {
      attacker: FighterRef,
      ...fromBody(thrown, ['weapon']),
      point: Type.Object({ distance: Distance, lineOfSight: Type.Boolean() }),
      affected: refs(50),
      ...fromBody(thrown, ['attackerElevated', 'attackerEngaged']),
    },
  ),
  'eden.spray': cmd('eden.spray', 'EDEN-SPRAY-1/2: the body of POST /v1/eden/attacks/spray with the covered fighters by id.', {
    attacker: FighterRef,
    ...fromBody(spray, ['weapon']),
    covered: refs(50),
    ...fromBody(spray, ['attackerEngaged']),
  }),
  'eden.upkeep': cmd(
    'eden.upkeep',
    'EDEN-UPKEEP-3..11: steps 3–9 as POST /v1/eden/upkeep (fire and fear alternating from the First player, poison, rage (`removeRage`), AP, slow), then the VP earned this turn (`victoryPoints`), then the next turn or the end of the game (EDEN-GAME-1/2/3). Dice: fire (per burning fighter in processing order: 3 dice, then 1 location die), then fear (per fighter: its PSI roll).',
    {
      removeRage: Type.Optional(refs(50)),
      victoryPoints: Type.Optional(
        Type.Object({ A: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })), B: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })) }),
      ),
      engaged: Type.Optional(refs(100, 'Fighters that are not free at the end of the turn: Acid rain spares them (EDEN-WEATHER-7).')),
      weatherOrder: Type.Optional(
        Type.Array(Type.Union(WEATHER_CONDITIONS.map((c) => Type.Literal(c))), {
          maxItems: 3,
          description: 'The order in which the First player resolves the end-of-turn weather (EDEN-AMB-26).',
        }),
      ),
    },
  ),
  'eden.roll_weather': cmd(
    'eden.roll_weather',
    'EDEN-PREP-0 / EDEN-WEATHER-1..9 (options.weather: true or 1..3 conditions): 2D6 per condition before preparation step 1; repeats re-rolled (EDEN-AMB-26). Dice: two per condition, in order, re-rolls after the roll they replace.',
    {},
  ),
  'eden.place_scenery': cmd(
    'eden.place_scenery',
    'EDEN-TERRAIN-3 / EDEN-AMB-29 (options.territory): one catalog element (EDEN-TERRAIN-LIST-*) for its cost out of the 8 Scenery Points, alternating from the First player until both spent all; a measured `nearestDistance` must be more than 5 cm (DE: at least 5 cm).',
    {
      player: Player,
      element: Type.String({ minLength: 1, maxLength: 100 }),
      sceneryId: Type.Optional(Id),
      nearestDistance: Type.Optional({
        ...Distance,
        description: 'Measured cm to the nearest element, table edge or objective: ES needs more than 5, DE at least 5 (EDEN-PREP-6).',
      }),
    },
  ),
  'eden.attack_scenery': cmd(
    'eden.attack_scenery',
    'EDEN-TERRAIN-R-DESTRUCTION / EDEN-AMB-33: the active fighter attacks an element (no dice; 1 AP, one of the 2 Attacks); `distance` is checked against Thick fog (EDEN-WEATHER-4).',
    { attacker: FighterRef, sceneryId: Id, distance: Type.Optional(Distance) },
  ),
  'eden.ignite_scenery': cmd(
    'eden.ignite_scenery',
    'EDEN-TERRAIN-R-INFLAMMABLE: a Fire (X) effect of the active fighter puts `markers` Fire markers on an Inflammable element (each counts towards Destruction).',
    { fighterId: Id, sceneryId: Id, ...fromBody(scenery, ['markers']) },
  ),
  'eden.scenery_contact': cmd(
    'eden.scenery_contact',
    'EDEN-TERRAIN-R-INFLAMMABLE / EDEN-TERRAIN-R-HOSTILE: the active fighter starts its activation or ends a move in contact with an element: 1 Fire marker if it burns, Hostile Presence (X) wounds. Dice: one location die per Hostile Presence wound, until out of action.',
    { fighterId: Id, sceneryId: Id, moment: Type.Optional(Type.Union([Type.Literal('activation_start'), Type.Literal('move_end')])) },
  ),
  'eden.set_infestation_level': cmd(
    'eden.set_infestation_level',
    'EDEN-NPC-2 (options.infestation without a level): the agreed Infestation Level; each player gets that many points.',
    {
      level: Type.Integer({ minimum: 1, maximum: 100 }),
    },
  ),
  'eden.place_npc': cmd(
    'eden.place_npc',
    'EDEN-NPC-2 (preparation step 6bis): X Infestation Points for an NPC of Level X, alternating from the First player; `nearestNpcDistance` < 15 cm is refused.',
    { player: Player, npc: FighterSchema, level: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), nearestNpcDistance: Type.Optional(Distance) },
  ),
  'eden.stop_npc_placement': cmd('eden.stop_npc_placement', 'EDEN-NPC-2: the player cannot buy another NPC and stops; the other continues.', { player: Player }),
  'eden.activate_npc': cmd(
    'eden.activate_npc',
    'EDEN-UPKEEP-2 / EDEN-NPC-3..5: the First player, then alternately, activates each NPC once before `eden.upkeep`. The NPC attacks a fighter in `contacts`, else charges the nearest in `visible` (< 10 cm, LoS), else wanders 5 cm; `targetId` picks among equals; the target reacts with `reaction`. Dice: an attack or charge rolls as `eden.melee` with the NPC as attacker; a wander rolls none.',
    {
      player: Player,
      npcId: Id,
      contacts: Type.Optional(refs(50)),
      visible: Type.Optional(Type.Array(Type.Object({ id: Id, distance: Distance, lineOfSight: Type.Boolean(), concealed: Type.Optional(Type.Boolean()) }), { maxItems: 100 })),
      targetId: Type.Optional(Id),
      ...fromBody(melee, STRIKE_OPTIONS),
    },
  ),
};

// The command types, derived from the schemas above (one declaration per input, issue 23.2).
type Schemas = typeof EDEN_COMMAND_SCHEMAS;
export type EdenCommandType = keyof Schemas;
/** The command of type `T`, as its schema validates it. */
export type CommandOf<T extends EdenCommandType> = CommandOfType<Schemas, T>;
/** The commands of an EDEN match, one member per command type. */
export type EdenCommand = CommandUnion<Schemas>;
/** A fighter of the match: its id, or any object with its `id`. */
export type FighterRef = Static<typeof FighterRef>;
/** "A", "B" or a player id. */
export type PlayerRef = Static<typeof Player>;
/** The members a melee strike takes besides the two fighters and `via` (as POST /v1/eden/attacks/melee). */
export type StrikeOptions = Pick<CommandOf<'eden.melee'>, (typeof STRIKE_OPTIONS)[number]>;
