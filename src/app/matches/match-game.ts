/**
 * One way for every game to declare its match commands (EDEN, Ánima, Exsilium, The Spirit of Eden):
 * the initial state, the fold (evolve), and per command type its schema, description and decide.
 * `defineMatchGame` turns that into the GameMatch the match service runs: decide looks the command
 * up and calls its entry, so a game that gains full match state only changes its entries.
 */
import type { TSchema } from '@sinclair/typebox';
import type { Dice } from '../../games/dice/index.js';
import type { Player } from './ports.js';
import type { TableRules } from '../../games/table.js';

export type GameId = 'eden' | 'anima' | 'exsilium' | 'spirit-of-eden';

/**
 * `table[key]` only when `key` is the table's own member. Every lookup by a caller-supplied key
 * (a command `type`, an event type, a game, an id) goes through this: a plain `table[key]` would
 * find Object.prototype's members ("constructor", "toString", "__proto__"…) and answer 500.
 */
export function own<T>(table: Readonly<Record<string, T>> | null | undefined, key: unknown): T | undefined {
  return table != null && typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A command as it reaches a game: its `type`, its members, and optionally its dice. */
export interface Command {
  type: string;
  dice?: { values?: number[]; seed?: string };
  [member: string]: unknown;
}

export type MatchEvent = { type: string; data: unknown };

/** What the documentation shows of a command: its schema, description and an example body (without `type`). */
export interface CommandDoc {
  schema: TSchema;
  description: string;
  example?: Record<string, unknown>;
  /** A name kept for earlier clients (CONTRACT §8.2): listed with `deprecated: true`. */
  deprecated?: boolean;
  /** For a deprecated alias: the canonical `<prefix>.<snake_case>` type it stands for. */
  aliasOf?: string;
}

/**
 * How a match stands (CONTRACT §8.2), the same shape for every game: `state.outcome` of every
 * projection. `winners` are player ids (none on a draw or a lost solo game); `reason` a rule ID or
 * the game's code for how it ended; `score` by player id where the game keeps one. Games may add members.
 */
export interface MatchOutcome {
  ended: boolean;
  winners: string[];
  reason?: string;
  score?: Record<string, number>;
}
export type MatchSetup = { players: Player[]; options: Record<string, unknown> };

export interface GameMatch {
  game: GameId;
  initialState(setup: MatchSetup): unknown;
  decide(command: Command, state: unknown, dice: Dice): MatchEvent[];
  evolve(state: unknown, event: MatchEvent): unknown;
  commands: Record<string, CommandDoc>;
  /** Checks the match `options` at creation (InvalidInput: 400 with `/options/...` paths). */
  validateOptions?(setup: MatchSetup): void;
  /** How a state of this game stands (its pure core's end conditions); also `state.outcome` of every projection. */
  outcome?(state: unknown): MatchOutcome;
  /** What the game keeps from whom and who may act now (CONTRACT §8.1): every view of a match is derived from it. */
  table?: TableRules<unknown>;
}

/** One command of a game: validated by `schema` (400 under `/command`) before `decide` sees it. */
export interface MatchCommand<S> {
  schema: TSchema;
  /** Markdown for the API documentation (rules applied). */
  description: string;
  /** An example body (members besides `type`), shown in the OpenAPI document. */
  example?: Record<string, unknown>;
  /** A name kept for earlier clients (listed with `deprecated: true`). */
  deprecated?: boolean;
  /** For a deprecated alias: the canonical type it stands for (same schema but for `type`, same events). */
  aliasOf?: string;
  decide(command: Command, state: S, dice: Dice): MatchEvent[];
}

export interface MatchGameDefinition<S> {
  game: GameId;
  initialState(setup: MatchSetup): S;
  evolve(state: S, event: MatchEvent): S;
  commands: Record<string, MatchCommand<S>>;
  /** Checks the creation options (throws InvalidInput with `/options/...` paths → 400). */
  validateOptions?(setup: MatchSetup): void;
  /** A type not in `commands` (reached only when decide is called without validateCommand): throws the game's unknown_command. */
  unknownCommand(command: Command, state: S, dice: Dice): MatchEvent[];
}

export function defineMatchGame<S>(def: MatchGameDefinition<S>): GameMatch {
  const commands = Object.fromEntries(
    Object.entries(def.commands).map(([type, c]) => [
      type,
      {
        schema: c.schema,
        description: c.description,
        ...(c.example ? { example: c.example } : {}),
        ...(c.deprecated ? { deprecated: true } : {}),
        ...(c.aliasOf ? { aliasOf: c.aliasOf } : {}),
      },
    ]),
  );
  return {
    game: def.game,
    initialState: (setup) => def.initialState(setup),
    decide: (command, state, dice) => {
      const entry = own(def.commands, command.type);
      return entry ? entry.decide(command, state as S, dice) : def.unknownCommand(command, state as S, dice);
    },
    evolve: (state, event) => def.evolve(state as S, event),
    commands,
    ...(def.validateOptions ? { validateOptions: def.validateOptions } : {}),
  };
}

/**
 * The game with `state.outcome` (CONTRACT §8.2) on its initial state and after every event: the
 * projection (GET /v1/matches/{id}), command answers and replays all carry it. `outcome` is the
 * game's pure derivation from its own end conditions (src/games/<game>/match/outcome.ts).
 */
export function withOutcome<S>(match: GameMatch, outcome: (state: S) => MatchOutcome): GameMatch {
  const derive = (state: unknown) => outcome(state as S);
  const attach = (state: unknown) => (state !== null && typeof state === 'object' ? { ...state, outcome: derive(state) } : state);
  return {
    ...match,
    initialState: (setup) => attach(match.initialState(setup)),
    evolve: (state, event) => attach(match.evolve(state, event)),
    outcome: derive,
  };
}

/**
 * The game with its table rules (src/games/<game>/match/table.ts): the states they are handed are
 * this game's own (its initial state and evolve made them), which is what `S` says.
 */
export function withTable<S>(match: GameMatch, table: TableRules<S>): GameMatch {
  return { ...match, table: table as TableRules<unknown> };
}
