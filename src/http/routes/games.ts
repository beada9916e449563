/**
 * Game discovery (CONTRACT §8.2): the games a match can be played in, and per game a setup to send
 * as written plus every match command with its JSON Schema and an example. Public, like the other
 * discovery documents (GET /openapi.json, GET /v1/eden/catalog): they describe the service, not
 * anyone's data. Rate-limited per IP as every open route.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { NotFound } from '../../kernel/errors.js';
import { GAME_IDS, GAME_INFO, gameCommands } from '../../app/matches/games.js';

import { problemResponses } from '../schemas.js';

const GameSummary = Type.Object(
  {
    id: Type.String({ description: 'The `game` of POST /v1/matches.' }),
    name: Type.String(),
    editions: Type.Optional(Type.Array(Type.String(), { description: 'The printings a match may follow (`options.edition`; EDEN: `es` default, `de`).' })),
  },
  { title: 'GameSummary' },
);

const Json = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

const GameCommands = Type.Object(
  {
    game: Type.String(),
    setup: Type.Object(
      {
        players: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
        options: Json('The match `options` (card lists and boards the rulebooks do not print are sample data).'),
        commands: Type.Array(Json('A command: the `command` member of POST /v1/matches/{id}/commands.'), {
          description: 'Sent in this order right after creating the match, they take it into play.',
        }),
      },
      { description: 'A match body for POST /v1/matches (with `game`) and the commands that take it into play, to send as written.' },
    ),
    commands: Type.Array(
      Type.Object({
        type: Type.String(),
        description: Type.String({ description: 'Markdown: the rules applied (rule IDs).' }),
        schema: Json('JSON Schema of the command (the TypeBox schema the service validates it with; draft-07 keywords).'),
        example: Json('A whole command, valid against `schema`; the first listed command’s example is accepted right after `setup`.'),
        deprecated: Type.Optional(Type.Boolean({ description: 'A name kept for earlier clients.' })),
      }),
    ),
  },
  { title: 'GameCommands' },
);

const GameParams = Type.Object({ game: Type.String({ maxLength: 100, description: `One of ${GAME_IDS.join(', ')}.` }) });

const common = { tags: ['matches'], security: [] };

export async function gameRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/games', {
    schema: {
      ...common,
      operationId: 'games.list',
      summary: 'The games a match can be played in (no API key).',
      description: 'Each `id` is a `game` of POST /v1/matches; `editions` where the game has several printings. GET /v1/games/{game}/commands lists its match commands.',
      response: { 200: Type.Array(GameSummary), ...problemResponses([429, 503]) },
    },
    handler: async () => GAME_INFO,
  });

  app.get<{ Params: Static<typeof GameParams> }>('/v1/games/:game/commands', {
    schema: {
      ...common,
      operationId: 'games.commands',
      summary: 'A game’s match commands, each with its JSON Schema and an example, and a setup to start from (no API key).',
      description:
        '`setup`: create the match with `{"game", "players", "options"}` as given, then send `setup.commands` in order (POST /v1/matches/{id}/commands, `{"command": …}`); the first listed command’s `example` is then accepted. ' +
        'Every `example` is valid against its `schema`; later commands need the match in the state their rules ask for (422 with the rule’s code otherwise). Unknown game → 404.',
      params: GameParams,
      response: { 200: GameCommands, ...problemResponses([400, 404, 429, 503]) },
    },
    handler: async (request) => {
      const listing = gameCommands(request.params.game);
      if (!listing) throw new NotFound(`No game ${request.params.game}; GET /v1/games lists them.`);
      return listing;
    },
  });
}
