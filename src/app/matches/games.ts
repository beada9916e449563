/**
 * The games a match can be played in, each declared the same way (src/games/<game>/commands/game.ts:
 * its typed rules for the kernel, src/games/kernel.ts, and a schema per command type) and run
 * through `defineGame` (match-game.ts). Commands are validated here (400 with JSON pointers under
 * `/command`) before the decider sees them.
 */
import { edenGame } from '../../games/eden/commands/game.js';
import { animaGame } from '../../games/anima/commands/game.js';
import { exsiliumGame } from '../../games/exsilium/commands/game.js';
import { spiritOfEdenGame } from '../../games/spirit-of-eden/commands/game.js';
import { unknownMembers } from '../../kernel/unknown-members.js';
import { RunCommandBody } from './schemas.js';
import { GAME_GUIDES, type GameGuide } from './game-guides.js';
import { defineGame, own, type Command, type GameId, type GameMatch } from '../../kernel/match-game.js';

export type { Command, GameId, GameMatch, MatchFold, MatchOutcome } from '../../kernel/match-game.js';
export const GAMES: GameId[] = ['eden', 'anima', 'exsilium', 'spirit-of-eden'];

let registry: Record<GameId, GameMatch> | undefined;
/** The game a match is played in, by id (undefined for an unknown one): every game declared the same way (match-game.ts). */
export function gameMatch(game: string): GameMatch | undefined {
  registry ??= {
    eden: defineGame(edenGame()),
    anima: defineGame(animaGame()),
    exsilium: defineGame(exsiliumGame()),
    'spirit-of-eden': defineGame(spiritOfEdenGame()),
  };
  return own(registry, game);
}

/**
 * Validate a command against its game's schema; every problem is reported with a `/command/…` path.
 * `options` (the match's creation options) reach the schema's resolvers: an EDEN fighter by ref
 * takes the match's edition.
 */
export function validateCommand(match: GameMatch, command: Command, options?: Record<string, unknown>): Command {
  return match.validate(command, options);
}

/** CONTRACT §8.2: a game's command types `<prefix>.<snake_case>`, without the deprecated aliases. */
export function canonicalTypes(match: GameMatch): string[] {
  return Object.keys(match.commands).filter((type) => !match.commands[type]!.deprecated);
}

/** A game's command types, the canonical names first and then the deprecated aliases (each in its registry order). */
function listedTypes(match: GameMatch): string[] {
  return [...canonicalTypes(match), ...Object.keys(match.commands).filter((type) => match.commands[type]!.deprecated)];
}

/** Markdown list of every command each game accepts, for the API documentation (aliases last, marked deprecated). */
export function commandCatalogMarkdown(): string {
  return GAMES.map((game) => {
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
 * Members of a command request that no schema declares (reported as `warnings`, CONTRACT §7.5): at
 * the top of the body, and in the command (validated) by its type's schema; `dice` is the match's.
 */
export function commandWarnings(match: GameMatch, body: { command: Command }, command: Command) {
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
  for (const game of GAMES) {
    const match = gameMatch(game)!;
    for (const type of listedTypes(match)) {
      const def = match.commands[type]!;
      const text = def.description.replace(/\s+/g, ' ').replace(/ Example: .*$/, '');
      const gist = text.length > 140 ? `${text.slice(0, 139)}…` : text;
      const label = def.deprecated ? `${type} (deprecated alias of ${def.aliasOf ?? '?'})` : `${type}: ${gist}`;
      out[type] = { summary: `${game} — ${label}`, value: { command: { type, ...(def.example ?? {}) } } };
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
  const props = out.properties as Record<string, unknown> | undefined;
  if ('x-resolve' in schema && props?.ref && Array.isArray(out.required) && out.required.length) {
    out.anyOf = [{ required: ['ref'] }, { required: out.required }];
    delete out.required;
  }
  return out;
}

const listings = new Map<GameId, { game: GameId; setup: GameGuide['setup']; commands: CommandListing[] }>();

/** GET /v1/games/{game}/commands: the setup, then every command (the one the setup leads to first); undefined for an unknown game. */
export function gameCommands(game: string) {
  const match = gameMatch(game);
  if (!match) return undefined;
  const id = match.game;
  const known = listings.get(id);
  if (known) return known;
  const guide = GAME_GUIDES[id];
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
