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
  'eden.deploy': { description: 'EDEN-PREP-7: records the deployment (zone from the player\'s own mission).', schema: cmd('eden.deploy', { player: Player, placements: Type.Optional(Type.Unknown()) }) },
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
