/**
 * An Ánima table played through the real app for the seated tests (CONTRACT §9.1): a match with its
 * card lists, one seat token per player, and helpers to send a command from a seat, from the owner
 * (the bundled v1.2 form) or from the owner relaying one player (`?as=`).
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type Json = Record<string, any>;

export interface AnimaTable {
  id: string;
  seat: Record<string, string>;
  /** Sends `command` with `token` (a seat's, or the owner's; `as`: the owner relaying that player). */
  send(token: string, command: Json, as?: string): Promise<{ status: number; body: Json }>;
  /** The owner's command, which must be accepted (201): its answer. */
  run(command: Json): Promise<Json>;
  /** A seat's command, which must be accepted (201): its answer. */
  play(player: string, command: Json): Promise<Json>;
  /** GET a path of the match (`''`: the match) with `token`. */
  read(token: string, path?: string): Promise<Json>;
}

/** The event types of an answer. */
export const types = (answer: Json): string[] => answer.events.map((e: Json) => e.type);

/** A new table of `players` with `options`, played by the owner through `setup` (fixed dice). */
export async function animaTable(app: FastifyInstance, owner: string, players: { id: string; name: string }[], options: object, setup: Json[] = []): Promise<AnimaTable> {
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const created = await call('POST', '/v1/matches', owner, { game: 'anima', players, options });
  expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
  const id = created.body.id as string;
  const seat: Record<string, string> = {};
  for (const p of players) seat[p.id] = (await call('POST', `/v1/matches/${id}/seats/${p.id}/tokens`, owner, {})).body.token;
  const send = (token: string, command: Json, as?: string) => call('POST', `/v1/matches/${id}/commands${as ? `?as=${as}` : ''}`, token, { command });
  const accepted = async (token: string, command: Json) => {
    const r = await send(token, command);
    expect(r.status, `${command.type}: ${JSON.stringify(r.body).slice(0, 400)}`).toBe(201);
    return r.body;
  };
  const table: AnimaTable = {
    id,
    seat,
    send,
    run: (command) => accepted(owner, command),
    play: (player, command) => accepted(seat[player]!, command),
    read: async (token, path = '') => (await call('GET', `/v1/matches/${id}${path}`, token)).body,
  };
  for (const command of setup) await table.run(command);
  return table;
}
