/**
 * What the Exsilium full-match command declarations share (each command is declared once, with its
 * handler, in its family's file: turn.ts, combat.ts, upgrades.ts, cards.ts, dodge.ts, abilities.ts,
 * rounds.ts): the members several commands take, the shape of a command's schema and of its
 * documentation, and the declaration itself (`tableCommand`). The command schemas reuse the operation bodies' members where the operations define them.
 */
import { Type } from '@sinclair/typebox';
import { commandsOf } from '../../../kernel/commands.js';
import type { ExsiliumEvent } from './evolve.js';
import type { Table } from './table.js';

export const Id = Type.String({ minLength: 1, maxLength: 200 });
export const Player = Type.String({ minLength: 1, maxLength: 200, description: 'The player id (of the match players).' });
export const CardId = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'A card id: `<player id>-<n>`, the n-th card of that player’s deck in `options.decks`, or `upgrade-<n>`, the n-th card of `options.upgrades`.',
});

/** A full-match command's schema: `{type, ...members, dice?}` (the one declaration of its input; its type is `Static` of it). */

/** A command's documentation: its description, ending with the example body as sent, and the example. */
export const documented = (type: string, description: string, example: Record<string, unknown>) => ({
  description: `${description} Example: \`${JSON.stringify({ type, ...example })}\``,
  example,
});

/** One full-match command: its schema, description, example and decide (the handler, given the command as its schema validates it and the match's table). */
export const tableCommand = commandsOf<Table, ExsiliumEvent>();
