/**
 * The games a match can be played in (src/games/index.ts, each declared the same way in its folder's
 * index.ts) as the match service runs them (`loadGame`, src/kernel/match-game.ts), and what the
 * service publishes about their commands. Commands are validated here (400 with JSON pointers under
 * `/command`) before the decider sees them.
 */
import type { GameId } from '../../games/index.js';
import { own } from '../../kernel/records.js';
import type { Command, LoadedGame } from '../../kernel/match-game.js';
import type { GameGuide, GameInfo } from '../../kernel/game.js';
import { unknownMembers } from '../../kernel/unknown-members.js';
import { requiredUnlessByRef } from '../../kernel/validate.js';
import { GAME_REGISTRIES } from '../game-registry.js';
import { RunCommandBody } from './schemas.js';
import { pascalCase } from './published-types.js';

export type { GameId };

export const GAME_IDS: GameId[] = GAME_REGISTRIES.ids;

/** GET /v1/games: each game's id, name and printings. */
export const GAME_INFO: GameInfo[] = GAME_REGISTRIES.info;

/** The game a match is played in, by id (undefined for an unknown one). */
export function gameMatch(game: string): LoadedGame | undefined {
  return GAME_REGISTRIES.loaded(game);
}

/** CONTRACT §8.2: a game's command types `<prefix>.<snake_case>`, without the deprecated aliases. */
export function canonicalTypes(match: LoadedGame): string[] {
  return Object.keys(match.commands).filter((type) => !match.commands[type]!.deprecated);
}

/** A game's command types, the canonical names first and then the deprecated aliases (each in its registry order). */
function listedTypes(match: LoadedGame): string[] {
  return [...canonicalTypes(match), ...Object.keys(match.commands).filter((type) => match.commands[type]!.deprecated)];
}

/** Markdown list of every command each game accepts, for the API documentation (aliases last, marked deprecated). */
export function commandCatalogMarkdown(): string {
  return GAME_IDS.map((game) => {
    const match = gameMatch(game)!;
    const lines = listedTypes(match).map((type) => {
      const def = match.commands[type]!;
      return def.deprecated
        ? `  - \`${type}\` (deprecated): alias of \`${def.aliasOf ?? '?'}\`, kept for earlier clients.`
        : `  - \`${type}\`: ${def.description.replace(/\s+/g, ' ')}`;
    });
    return `- **${game}**\n${lines.join('\n')}`;
  }).join('\n');
}

/**
 * Every command type of every game with its schema (CONTRACT §9.3: the command body is a union
 * discriminated by `type`, one schema per type, from the schemas that validate): the table's own
 * `match.*` commands once, then each game's in registry order, aliases marked deprecated. `name`
 * is the schema's title: `EdenBidCommand`, `MatchPassCommand`, `AnimaPriorEncounterAliasCommand`
 * (a deprecated camelCase alias).
 */
export function commandUnion(): { type: string; name: string; schema: object; description: string; deprecated: boolean }[] {
  const seen = new Set<string>();
  const out: { type: string; name: string; schema: object; description: string; deprecated: boolean }[] = [];
  for (const game of GAME_IDS) {
    const match = gameMatch(game)!;
    for (const type of listedTypes(match)) {
      if (seen.has(type)) continue;
      seen.add(type);
      const def = match.commands[type]!;
      const name = `${pascalCase(type)}${def.deprecated ? 'Alias' : ''}Command`;
      out.push({ type, name, schema: def.schema, description: def.description, deprecated: Boolean(def.deprecated) });
    }
  }
  return out;
}

/**
 * Members of a command request that no schema declares (reported as `warnings`, CONTRACT §7.5): at
 * the top of the body, and in the command (validated) by its type's schema; `dice` is the match's.
 */
export function commandWarnings(match: LoadedGame, body: { command: Command }, command: Command) {
  const def = own(match.commands, command.type);
  const inCommand = def ? unknownMembers(def.schema, command, '/command').filter((w) => w.path !== '/command/dice') : [];
  return [...unknownMembers(RunCommandBody, body), ...inCommand];
}

/**
 * The OpenAPI `examples` of the command endpoint: one named example per command type of every game,
 * each a whole request body with a summary (the game, the type and the start of its description).
 */
export function commandExamples(): Record<string, { summary: string; value: unknown }> {
  const out: Record<string, { summary: string; value: unknown }> = {};
  for (const game of GAME_IDS) {
    const match = gameMatch(game)!;
    for (const type of listedTypes(match)) {
      const def = match.commands[type]!;
      const text = def.description.replace(/\s+/g, ' ').replace(/ Example: .*$/, '');
      const gist = text.length > 140 ? `${text.slice(0, 139)}…` : text;
      const label = def.deprecated ? `${type} (deprecated alias of ${def.aliasOf ?? '?'})` : `${type}: ${gist}`;
      // the table's own commands (`match.*`: answers, takebacks) are every game's: named once, for all
      if (type.startsWith('match.')) out[type] ??= { summary: `every game — ${label}`, value: { command: { type, ...(def.example ?? {}) } } };
      else out[type] = { summary: `${game} — ${label}`, value: { command: { type, ...(def.example ?? {}) } } };
    }
  }
  return out;
}

/** A command as GET /v1/games/{game}/commands lists it (CONTRACT §8.2). */
export interface CommandListing {
  type: string;
  description: string;
  /** JSON Schema of the command (the `command` member of POST /v1/matches/{id}/commands). */
  schema: Record<string, unknown>;
  /** A whole command, valid against `schema`. */
  example: Record<string, unknown>;
  deprecated?: true;
}

/**
 * The validating TypeBox schema as plain JSON Schema: TypeBox's symbols dropped, and a shape the
 * validator completes first (`x-resolve`, e.g. an EDEN Fighter sent as `{"ref"}`) needing its
 * required members only when not sent by reference — as the OpenAPI document says it.
 */
function publishedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(publishedSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'x-resolve') continue;
    out[key] = ['default', 'examples', 'const', 'enum'].includes(key) ? value : publishedSchema(value);
  }
  requiredUnlessByRef(out, 'x-resolve' in schema);
  return out;
}

const listings = new Map<GameId, { game: GameId; setup: GameGuide['setup']; commands: CommandListing[] }>();

/** GET /v1/games/{game}/commands: the setup, then every command (the one the setup leads to first); undefined for an unknown game. */
export function gameCommands(game: string) {
  const match = gameMatch(game);
  if (!match) return undefined;
  const id = match.game as GameId;
  const known = listings.get(id);
  if (known) return known;
  const guide = GAME_REGISTRIES.game(id)!.guide;
  const types = listedTypes(match);
  const ordered = [guide.first.type, ...types.filter((t) => t !== guide.first.type)];
  const commands = ordered.map((type): CommandListing => {
    const def = match.commands[type]!;
    const example = type === guide.first.type && guide.first.example ? guide.first.example : (def.example ?? {});
    return {
      type,
      description: def.description,
      schema: publishedSchema(JSON.parse(JSON.stringify(def.schema))) as Record<string, unknown>,
      example: { type, ...structuredClone(example) },
      ...(def.deprecated ? { deprecated: true as const } : {}),
    };
  });
  const listing = { game: id, setup: structuredClone(guide.setup), commands };
  listings.set(id, listing);
  return listing;
}
