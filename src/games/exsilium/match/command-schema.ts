/**
 * What the Exsilium full-match command declarations share (each command is declared once, with its
 * handler, in its family's file: turn.ts, combat.ts, upgrades.ts, cards.ts, dodge.ts, abilities.ts,
 * rounds.ts): the members several commands take, the shape of a command's schema and of its
 * documentation, and the declaration itself (`tableCommand`). The command schemas reuse the operation bodies' members where the operations define them.
 */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { defineCommand, type CommandDef } from '../../../kernel/commands.js';
import type { Dice } from '../../../kernel/dice/index.js';
import { DiceSpecSchema } from '../../../kernel/schemas/common.js';
import type { ExsiliumEvent } from './evolve.js';
import type { Table } from './table.js';

export const Id = Type.String({ minLength: 1, maxLength: 200 });
export const Player = Type.String({ minLength: 1, maxLength: 200, description: 'The player id (of the match players).' });
export const CardId = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'A card id: `<player id>-<n>`, the n-th card of that player’s deck in `options.decks`, or `upgrade-<n>`, the n-th card of `options.upgrades`.',
});

const dice = { dice: Type.Optional(DiceSpecSchema) };

/** A full-match command's schema: `{type, ...members, dice?}` (the one declaration of its input; its type is `Static` of it). */
export const commandSchema = <T extends string, P extends TProperties>(type: T, members: P) => Type.Object({ type: Type.Literal(type), ...members, ...dice });

/** A command's documentation: its description, ending with the example body as sent, and the example. */
export const documented = (type: string, description: string, example: Record<string, unknown>) => ({
  description: `${description} Example: \`${JSON.stringify({ type, ...example })}\``,
  example,
});

/**
 * One full-match command, through the kernel's `defineCommand`: its schema, description, example and
 * decide — the handler, given the command as its schema validates it (`Static`) and the match's
 * table. The table and its events are fixed here so that only the schema is inferred: with the
 * kernel's signature as committed (`CommandDoc & {schema: Sch, …}`, every type inferred at once)
 * TypeScript stops at TS2589 ("excessively deep") on a TypeBox object schema.
 */
export function tableCommand<Sch extends TSchema>(def: {
  schema: Sch;
  description: string;
  example: Record<string, unknown>;
  decide(command: Static<Sch>, t: Table, dice: Dice): ExsiliumEvent[];
}): CommandDef<Table, ExsiliumEvent> {
  return defineCommand<Table, ExsiliumEvent, Sch>(def);
}
