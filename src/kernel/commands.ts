/**
 * A game's commands, one declaration per command type (after Emmett's samples, where a decider is one
 * exhaustive switch over a command union): its schema — the only declaration of its input; the
 * command's TypeScript type is `Static` of it — its documentation, and its `decide`. A game's
 * command table (`CommandTable`) is its decider's `decide` (`decideWith`) and its command catalogue
 * (the schemas the match service validates with, GET /v1/games/{game}/commands, OpenAPI).
 */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import type { Dice } from './dice/index.js';
import type { GameCommand, GameEvent } from './decider.js';
import { RuleViolation } from './errors.js';
import { own } from './records.js';
import { DiceSpecSchema } from './schemas/common.js';

/** One command type of a game: validated by `schema` (400 under `/command`) before the game decides it. */
export interface CommandDoc {
  schema: TSchema;
  /** Markdown for the API documentation (rules applied). */
  description: string;
  /** An example body (members besides `type`), shown in the OpenAPI document. */
  example?: Record<string, unknown>;
  /** A name kept for earlier clients (CONTRACT §8.2): listed with `deprecated: true`. */
  deprecated?: boolean;
  /** For a deprecated alias: the canonical `<prefix>.<snake_case>` type it stands for (same schema but for `type`, same events). */
  aliasOf?: string;
}

/** One command type of a game: its documentation (schema first) and its decide (pure: the typed command, the state and the dice in, the game's events out). */
export interface CommandDef<S, E extends GameEvent> extends CommandDoc {
  decide(command: GameCommand, state: S, dice: Dice): E[];
}

/**
 * A command declared by its schema and its decide: `decide` receives `Static<schema>`. Every command
 * is validated against its type's schema before it is decided (400 otherwise: match-game.ts), so
 * the command `decide` receives is that schema's value.
 */
export function defineCommand<S, E extends GameEvent, Sch extends TSchema = TSchema>(
  def: Omit<CommandDoc, 'schema'> & { schema: Sch; decide: (command: Static<Sch> & GameCommand, state: S, dice: Dice) => E[] },
): CommandDef<S, E> {
  return def as unknown as CommandDef<S, E>;
}

/** The schema of the command `type`: its members, and the dice any command may bring (`{type, ...members, dice?}`). */
export const commandSchema = <T extends string, P extends TProperties>(type: T, members: P) =>
  Type.Object({ type: Type.Literal(type), ...members, dice: Type.Optional(DiceSpecSchema) });

/**
 * `defineCommand` with the game's state and events fixed, so that only each command's schema is
 * inferred (inferring every type at once, TypeScript gives up on a TypeBox object schema, TS2589).
 */
export function commandsOf<S, E extends GameEvent>() {
  return <Sch extends TSchema>(def: Omit<CommandDoc, 'schema'> & { schema: Sch; decide: (command: Static<Sch>, state: S, dice: Dice) => E[] }): CommandDef<S, E> =>
    defineCommand<S, E, Sch>(def);
}

/** A game's commands by type. */
export type CommandTable<S, E extends GameEvent> = Readonly<Record<string, CommandDef<S, E>>>;

/** The decide of a command table: the command's own entry decides it; a type the table does not hold is refused (`unknown_command`). */
export function decideWith<S, E extends GameEvent>(table: CommandTable<S, E>, label: string): (command: GameCommand, state: S, dice: Dice) => E[] {
  return (command, state, dice) => {
    const entry = own(table, command.type);
    if (!entry) throw new RuleViolation('unknown_command', `${label} matches know no command "${command.type}".`);
    return entry.decide(command, state, dice);
  };
}

/** The documentation of a command table (every entry without its decide): what the match service validates with and publishes. */
export function commandDocs(table: Readonly<Record<string, CommandDoc>>): Record<string, CommandDoc> {
  return Object.fromEntries(
    Object.entries(table).map(([type, { schema, description, example, deprecated, aliasOf }]) => [
      type,
      { schema, description, ...(example ? { example } : {}), ...(deprecated ? { deprecated } : {}), ...(aliasOf ? { aliasOf } : {}) },
    ]),
  );
}

/** A game's command schemas (src/games/<game>/commands/schemas.ts): per command type, the schema that validates it. */
export type CommandSchemas = Readonly<Record<string, { schema: TSchema }>>;
/** The command of type `T`, as its schema validates it (the one declaration of a command's input). */
export type CommandOfType<M extends CommandSchemas, T extends keyof M> = Static<M[T]['schema']>;
/** A game's commands: one member per command type. */
export type CommandUnion<M extends CommandSchemas> = { [T in keyof M]: CommandOfType<M, T> }[keyof M];
