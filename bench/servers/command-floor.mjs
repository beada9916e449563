/**
 * The floor of one match command (bench/seated-command.bench.ts): a bare Fastify server whose
 * POST /command parses the same body as POST /v1/matches/{id}/commands and calls the game's decider
 * directly (the compiled dist/ rules, as the service loads them): the command validated against its
 * schema, decided on the match's state with its dice, its events folded, and the events with the
 * seat's view of the new state written by JSON.stringify. No store (the state is the one the match
 * was created with, every time: nothing is appended), no hooks, authentication, idempotency or extra
 * headers. Env: FLOOR_GAME (a game id), FLOOR_PLAYERS (JSON), FLOOR_OPTIONS (JSON), FLOOR_SEAT (the
 * player the command is sent for). Prints its port on stdout. Loopback only.
 *
 * FLOOR_DATA_DIR (a directory): the floor with the store's append — the embedded database opened
 * there as the service opens it (its own thread, the build's template, migrated), one match created,
 * and each command's events appended to it by the service's event store in one transaction per
 * turn of the match (`serialized`), the commands that arrived during a turn appended together in
 * the next (group commit, `TurnBatches`, as the service takes them). What
 * any service that keeps every command durably pays beside the decider; still no authentication,
 * seat checks, idempotency, match read or extra headers.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { GAME_REGISTRIES } from '../../dist/app/game-registry.js';
import { diceFor } from '../../dist/kernel/dice/index.js';
import { openDatabase } from '../../dist/infra/database/index.js';
import { SqlEventStore } from '../../dist/infra/event-store/index.js';
import { TurnBatches } from '../../dist/app/matches/turn-batches.js';

const game = GAME_REGISTRIES.loaded(process.env.FLOOR_GAME ?? 'anima');
const seat = process.env.FLOOR_SEAT ?? 'p1';
const fold = game.initialState({ players: JSON.parse(process.env.FLOOR_PLAYERS ?? '[]'), options: JSON.parse(process.env.FLOOR_OPTIONS ?? '{}') });
// the seat's reader (src/kernel/table.ts: a player id)
const reader = seat;

/** The command's events and the seat's view of the state they lead to. */
export function decided(body) {
  const command = game.validate(body.command);
  const dice = diceFor(command.dice, () => 'unseeded');
  const events = game.decide(command, fold, dice, seat);
  let after = fold;
  for (const event of events) after = game.evolve(after, event);
  return { events, state: game.viewState(after, reader, 'en') };
}

/** With FLOOR_DATA_DIR: the embedded database (closed on SIGTERM), else none. */
const database = process.env.FLOOR_DATA_DIR ? await openDatabase({ dataDir: process.env.FLOOR_DATA_DIR }) : undefined;

/** With a database: appends a command's events to the one match, with those of every command that waited for the same turn; else nothing. */
const append = await (async () => {
  if (!database) return async () => undefined;
  const store = SqlEventStore.over(database);
  const owner = 'command-floor';
  const match = await store.createMatch({
    id: randomUUID(),
    ownerId: owner,
    game: process.env.FLOOR_GAME ?? 'anima',
    players: JSON.parse(process.env.FLOOR_PLAYERS ?? '[]'),
    options: {},
  });
  let version = match.version;
  const turns = new TurnBatches((commands) =>
    store.serialized(match.id, async (turn) => {
      version = (await turn.append(owner, match.id, version, commands.flat())).version;
      return commands.map(() => ({ value: undefined }));
    }),
  );
  return (events) => turns.submit(match.id, events);
})();

const app = Fastify({ logger: false });
app.post('/command', async (request, reply) => {
  if (!request.body || typeof request.body !== 'object') return reply.code(400).send();
  const answer = decided(request.body);
  await append(answer.events);
  reply.code(201).header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify(answer);
});
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(JSON.stringify({ port: app.server.address().port }));
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => database?.close())
    .then(() => process.exit(0)),
);
