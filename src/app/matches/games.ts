/**
 * The games a match can be played in: each one's decider (src/games/<game>/match) and the TypeBox
 * schema of every command it accepts. Commands are validated here (400 with JSON pointers under
 * `/command`) before the decider sees them.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { Dice } from '../../games/dice/index.js';
import * as eden from '../../games/eden/match/index.js';
import { animaProjection } from '../../games/anima/match/index.js';
import { exsiliumProjection } from '../../games/exsilium/match/index.js';
import { spiritOfEdenProjection } from '../../games/spirit-of-eden/match/index.js';
import { resolutionLogMatch } from './resolution-log.js';
import { validate } from '../validate.js';
import { DiceSpecSchema } from '../schemas/common.js';
import { AimSchema, FighterSchema, ModifiersSchema } from '../eden/schemas.js';
import { InvalidInput } from '../../games/errors.js';
import { WEATHER_CONDITIONS } from '../../games/eden/catalog/weather.js';
import type { Player } from './ports.js';

export type GameId = 'eden' | 'anima' | 'exsilium' | 'spirit-of-eden';
export const GAMES: GameId[] = ['eden', 'anima', 'exsilium', 'spirit-of-eden'];

export interface Command {
  type: string;
  dice?: { values?: number[]; seed?: string };
  [member: string]: unknown;
}

export interface GameMatch {
  game: GameId;
  initialState(setup: { players: Player[]; options: Record<string, unknown> }): unknown;
  decide(command: Command, state: unknown, dice: Dice): { type: string; data: unknown }[];
  evolve(state: unknown, event: { type: string; data: unknown }): unknown;
  commands: Record<string, { schema: TSchema; description: string }>;
}

const Player = Type.Union([Type.Literal('A'), Type.Literal('B'), Type.String({ minLength: 1, maxLength: 200 })], {
  description: '"A" (the first player of the match), "B" (the second) or a player id.',
});
const FighterRef = Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) })], {
  description: 'A fighter of the match: its id, or any object with its `id` (the match state supplies the profile, wounds, markers and AP).',
});
const Dice = Type.Optional(DiceSpecSchema);
const WeatherCondition = Type.Union(WEATHER_CONDITIONS.map((c) => Type.Literal(c)));
const cmd = (type: string, props: Record<string, TSchema>) => Type.Object({ type: Type.Literal(type), ...props, dice: Dice });

const EDEN_SCHEMAS: Record<eden.EdenCommandType, { schema: TSchema; description: string }> = {
  'eden.register_band': {
    description: 'EDEN-PREP-1/2: a player shows his band (validated like POST /v1/eden/rosters/validate); its Strategy Points are computed.',
    schema: cmd('eden.register_band', {
      player: Player,
      bandType: Type.Union([Type.Literal('faction'), Type.Literal('stigma')]),
      affiliation: Type.Optional(Type.String({ maxLength: 100 })),
      budget: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
      fighters: Type.Array(FighterSchema, { minItems: 1, maxItems: 50 }),
    }),
  },
  'eden.bid': {
    description: 'EDEN-PREP-3 (preparation) and EDEN-FIRST-1/2 (each turn): both bids, revealed together; `choice` is whom the bid winner names First player.',
    schema: cmd('eden.bid', {
      bids: Type.Object({ A: Type.Integer({ minimum: 0, maximum: 1000 }), B: Type.Integer({ minimum: 0, maximum: 1000 }) }),
      choice: Type.Optional(Player),
    }),
  },
  'eden.choose_leader': { description: 'EDEN-PREP-4: First player first.', schema: cmd('eden.choose_leader', { player: Player, fighterId: Type.String({ minLength: 1, maxLength: 200 }) }) },
  'eden.play_mission': {
    description: 'EDEN-PREP-5: First player first; a Revealed mission cannot be played twice (EDEN-AMB-12).',
    schema: cmd('eden.play_mission', {
      player: Player,
      mission: Type.Object({
        name: Type.String({ minLength: 1, maxLength: 200 }),
        visibility: Type.Union([Type.Literal('secret'), Type.Literal('revealed')]),
        deployment: Type.Union([Type.Literal('confrontation'), Type.Literal('ambush')]),
      }),
    }),
  },
  'eden.deploy': {
    description: 'EDEN-PREP-7: records the deployment (zone from the player\'s own mission). Under Mist (EDEN-WEATHER-6) one fighter per command (`fighterId`, `placement`), alternating from the First player.',
    schema: cmd('eden.deploy', { player: Player, placements: Type.Optional(Type.Unknown()), fighterId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), placement: Type.Optional(Type.Unknown()) }),
  },
  'eden.choose_tactic_hand': {
    description: 'EDEN-PREP-8: as many distinct cards as the Leader\'s current PSI; after both hands turn 1 starts (EDEN-PREP-9).',
    schema: cmd('eden.choose_tactic_hand', { player: Player, cards: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20 }) }),
  },
  'eden.play_tactic': {
    description: 'EDEN-TACPH-1/2: 2 SP, Leader on the table, one per player and phase; `cancellationPaid` SP from the opponent cancel it.',
    schema: cmd('eden.play_tactic', { player: Player, card: Type.String({ minLength: 1, maxLength: 200 }), cancellationPaid: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })) }),
  },
  'eden.skip_tactic': { description: 'EDEN-TACPH-1: play no card this Tactical phase.', schema: cmd('eden.skip_tactic', { player: Player }) },
  'eden.activate': {
    description: 'EDEN-ACT-1..3: the First player names a fighter; `interruptions` lists the fighters named back and forth (each of strictly greater RAP); the last named is activated.',
    schema: cmd('eden.activate', { player: Player, fighterId: Type.String({ minLength: 1, maxLength: 200 }), interruptions: Type.Optional(Type.Array(FighterRef, { maxItems: 50 })) }),
  },
  'eden.end_activation': { description: 'EDEN-ACT-4: ends the activation; the opponent becomes First player (EDEN-ACT-7 when he has nothing to activate).', schema: cmd('eden.end_activation', { player: Type.Optional(Player) }) },
  'eden.pass': { description: 'EDEN-ACT-5/6: pass instead of designating; two passes in a row end the phase.', schema: cmd('eden.pass', { player: Player }) },
  'eden.move': {
    description: 'EDEN-MOVE-ACT-1/2: 1 AP, 3 / Turn; `disengageFrom` lists the adversaries in contact (RAP roll against the highest RAP).',
    schema: cmd('eden.move', { fighterId: Type.String({ minLength: 1, maxLength: 200 }), disengageFrom: Type.Optional(Type.Array(FighterRef, { maxItems: 20 })) }),
  },
  'eden.douse_fire': { description: 'EDEN-STATE-FIRE-2: 1 AP per Fire marker removed.', schema: cmd('eden.douse_fire', { fighterId: Type.String({ minLength: 1, maxLength: 200 }), markers: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })) }) },
  'eden.melee': {
    description: 'EDEN-ATTACK-1 / EDEN-ENGAGE-1 / EDEN-MOVE-ACT-2: the body of POST /v1/eden/attacks/melee, fighters by id; AP, 2 Attacks / Turn and 1 Engage / Turn come from the match.',
    schema: cmd('eden.melee', {
      attacker: FighterRef,
      target: FighterRef,
      reaction: Type.Optional(Type.Union([Type.Literal('passive'), Type.Literal('dodge'), Type.Literal('response')])),
      aim: Type.Optional(AimSchema),
      targetAim: Type.Optional(AimSchema),
      via: Type.Optional(Type.Union([Type.Literal('attack'), Type.Literal('engage'), Type.Literal('disengage')])),
      modifiers: Type.Optional(Type.Object({ attacker: Type.Optional(ModifiersSchema), target: Type.Optional(ModifiersSchema) })),
      weapon: Type.Optional(Type.String({ maxLength: 100 })),
      targetWeapon: Type.Optional(Type.String({ maxLength: 100 })),
    }),
  },
  'eden.ranged': {
    description: 'EDEN-RANGED-1..7: the body of POST /v1/eden/attacks/ranged with candidates by id; weapon uses per turn / game come from the match.',
    schema: cmd('eden.ranged', {
      shooter: FighterRef,
      weapon: Type.String({ minLength: 1, maxLength: 100 }),
      candidates: Type.Array(
        Type.Object({
          id: Type.String({ minLength: 1, maxLength: 200 }),
          distance: Type.Number({ minimum: 0, maximum: 100_000 }),
          lineOfSight: Type.Boolean(),
          obstacles: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
          engagedWith: Type.Optional(Type.Array(Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }), distanceToShooter: Type.Number({ minimum: 0, maximum: 100_000 }) }), { maxItems: 50 })),
        }),
        { maxItems: 100 },
      ),
      ignoreEngaged: Type.Optional(Type.Boolean()),
      targetId: Type.Optional(Type.String({ maxLength: 200 })),
      shooterElevated: Type.Optional(Type.Boolean()),
      shooterEngaged: Type.Optional(Type.Boolean()),
      aim: Type.Optional(AimSchema),
      modifiers: Type.Optional(Type.Object({ shooter: Type.Optional(ModifiersSchema), target: Type.Optional(ModifiersSchema) })),
    }),
  },
  'eden.thrown': {
    description: 'EDEN-THROW-1: the body of POST /v1/eden/attacks/thrown with the affected fighters by id.',
    schema: cmd('eden.thrown', {
      attacker: FighterRef,
      weapon: Type.String({ minLength: 1, maxLength: 100 }),
      point: Type.Object({ distance: Type.Number({ minimum: 0, maximum: 100_000 }), lineOfSight: Type.Boolean() }),
      affected: Type.Array(FighterRef, { maxItems: 50 }),
      attackerElevated: Type.Optional(Type.Boolean()),
      attackerEngaged: Type.Optional(Type.Boolean()),
    }),
  },
  'eden.spray': {
    description: 'EDEN-SPRAY-1/2: the body of POST /v1/eden/attacks/spray with the covered fighters by id.',
    schema: cmd('eden.spray', { attacker: FighterRef, weapon: Type.String({ minLength: 1, maxLength: 100 }), covered: Type.Array(FighterRef, { maxItems: 50 }), attackerEngaged: Type.Optional(Type.Boolean()) }),
  },
  'eden.upkeep': {
    description: 'EDEN-UPKEEP-3..11: steps 3–9 as POST /v1/eden/upkeep (fire and fear alternating from the First player, poison, rage (`removeRage`), AP, slow), then the VP earned this turn (`victoryPoints`), then the next turn or the end of the game (EDEN-GAME-1/2/3).',
    schema: cmd('eden.upkeep', {
      removeRage: Type.Optional(Type.Array(FighterRef, { maxItems: 50 })),
      victoryPoints: Type.Optional(Type.Object({ A: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })), B: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })) })),
      engaged: Type.Optional(Type.Array(FighterRef, { maxItems: 100, description: 'Fighters that are not free at the end of the turn: Acid rain spares them (EDEN-WEATHER-7).' })),
      weatherOrder: Type.Optional(Type.Array(WeatherCondition, { maxItems: 3, description: 'The order in which the First player resolves the end-of-turn weather (EDEN-AMB-26).' })),
    }),
  },
  'eden.roll_weather': {
    description: 'EDEN-PREP-0 / EDEN-WEATHER-1..9 (options.weather: true or 1..3 conditions): 2D6 per condition before preparation step 1; repeats re-rolled (EDEN-AMB-26).',
    schema: cmd('eden.roll_weather', {}),
  },
  'eden.place_scenery': {
    description: 'EDEN-TERRAIN-3 / EDEN-AMB-29 (options.territory): one catalog element (EDEN-TERRAIN-LIST-*) for its cost out of the 8 Scenery Points, alternating from the First player until both spent all.',
    schema: cmd('eden.place_scenery', { player: Player, element: Type.String({ minLength: 1, maxLength: 100 }), sceneryId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
  },
  'eden.attack_scenery': {
    description: 'EDEN-TERRAIN-R-DESTRUCTION / EDEN-AMB-33: the active fighter attacks an element (no dice; 1 AP, one of the 2 Attacks); `distance` is checked against Thick fog (EDEN-WEATHER-4).',
    schema: cmd('eden.attack_scenery', { attacker: FighterRef, sceneryId: Type.String({ minLength: 1, maxLength: 200 }), distance: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })) }),
  },
  'eden.ignite_scenery': {
    description: 'EDEN-TERRAIN-R-INFLAMMABLE: a Fire (X) effect of the active fighter puts `markers` Fire markers on an Inflammable element (each counts towards Destruction).',
    schema: cmd('eden.ignite_scenery', { fighterId: Type.String({ minLength: 1, maxLength: 200 }), sceneryId: Type.String({ minLength: 1, maxLength: 200 }), markers: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })) }),
  },
  'eden.scenery_contact': {
    description: 'EDEN-TERRAIN-R-INFLAMMABLE / EDEN-TERRAIN-R-HOSTILE: the active fighter starts its activation or ends a move in contact with an element: 1 Fire marker if it burns, Hostile Presence (X) wounds.',
    schema: cmd('eden.scenery_contact', {
      fighterId: Type.String({ minLength: 1, maxLength: 200 }),
      sceneryId: Type.String({ minLength: 1, maxLength: 200 }),
      moment: Type.Optional(Type.Union([Type.Literal('activation_start'), Type.Literal('move_end')])),
    }),
  },
  'eden.set_infestation_level': {
    description: 'EDEN-NPC-2 (options.infestation without a level): the agreed Infestation Level; each player gets that many points.',
    schema: cmd('eden.set_infestation_level', { level: Type.Integer({ minimum: 1, maximum: 100 }) }),
  },
  'eden.place_npc': {
    description: 'EDEN-NPC-2 (preparation step 6bis): X Infestation Points for an NPC of Level X, alternating from the First player; `nearestNpcDistance` < 15 cm is refused.',
    schema: cmd('eden.place_npc', {
      player: Player,
      npc: FighterSchema,
      level: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      nearestNpcDistance: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
    }),
  },
  'eden.stop_npc_placement': { description: 'EDEN-NPC-2: the player cannot buy another NPC and stops; the other continues.', schema: cmd('eden.stop_npc_placement', { player: Player }) },
  'eden.activate_npc': {
    description:
      'EDEN-UPKEEP-2 / EDEN-NPC-3..5: the First player, then alternately, activates each NPC once before `eden.upkeep`. The NPC attacks a fighter in `contacts`, else charges the nearest in `visible` (< 10 cm, LoS), else wanders 5 cm; `targetId` picks among equals; the target reacts with `reaction`.',
    schema: cmd('eden.activate_npc', {
      player: Player,
      npcId: Type.String({ minLength: 1, maxLength: 200 }),
      contacts: Type.Optional(Type.Array(FighterRef, { maxItems: 50 })),
      visible: Type.Optional(
        Type.Array(
          Type.Object({
            id: Type.String({ minLength: 1, maxLength: 200 }),
            distance: Type.Number({ minimum: 0, maximum: 100_000 }),
            lineOfSight: Type.Boolean(),
            concealed: Type.Optional(Type.Boolean()),
          }),
          { maxItems: 100 },
        ),
      ),
      targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      reaction: Type.Optional(Type.Union([Type.Literal('passive'), Type.Literal('dodge'), Type.Literal('response')])),
      aim: Type.Optional(AimSchema),
      targetAim: Type.Optional(AimSchema),
      modifiers: Type.Optional(Type.Object({ attacker: Type.Optional(ModifiersSchema), target: Type.Optional(ModifiersSchema) })),
      weapon: Type.Optional(Type.String({ maxLength: 100 })),
      targetWeapon: Type.Optional(Type.String({ maxLength: 100 })),
    }),
  },
};

const edenMatch: GameMatch = {
  game: 'eden',
  initialState: (setup) => eden.initialState(setup),
  decide: (command, state, dice) => eden.decide(command, state as eden.EdenMatchState, dice),
  evolve: (state, event) => eden.evolve(state as eden.EdenMatchState, event),
  commands: EDEN_SCHEMAS,
};

let registry: Record<GameId, GameMatch> | undefined;
export function gameMatch(game: string): GameMatch | undefined {
  registry ??= {
    eden: edenMatch,
    // The other games: one generic resolution log each, with what the game's projection keeps
    anima: resolutionLogMatch(animaProjection),
    exsilium: resolutionLogMatch(exsiliumProjection),
    'spirit-of-eden': resolutionLogMatch(spiritOfEdenProjection),
  };
  return registry[game as GameId];
}

/** Validate a command against its game's schema; every problem is reported with a `/command/…` path. */
export function validateCommand(match: GameMatch, command: Command): Command {
  const def = match.commands[command.type];
  if (!def) {
    throw new InvalidInput([
      { path: '/command/type', code: 'unknown_command', message: `${match.game} matches accept: ${Object.keys(match.commands).join(', ') || 'no commands yet'}.` },
    ]);
  }
  try {
    return validate<Command>(def.schema, command);
  } catch (error) {
    if (error instanceof InvalidInput) throw new InvalidInput(error.errors.map((p) => ({ ...p, path: '/command' + p.path })), error.message);
    throw error;
  }
}

/** Markdown list of every command each game accepts, for the API documentation. */
export function commandCatalogMarkdown(): string {
  return GAMES.map((game) => {
    const commands = gameMatch(game)!.commands;
    const lines = Object.entries(commands).map(([type, def]) => `  - \`${type}\`: ${def.description.replace(/\s+/g, ' ')}`);
    return `- **${game}**\n${lines.join('\n')}`;
  }).join('\n');
}
