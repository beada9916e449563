/**
 * A feed whose read fails because the database is unavailable ends with a last event saying so
 * (CONTRACT §9.4: a lost connection is an outage; issue: the feed just closed with no final event):
 * `event: unavailable` with the 503 problem and `retry:`, so the client reconnects with Last-Event-ID.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { matchesOf } from '../../src/transport/services.js';

describe('a match feed during a database outage', () => {
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    app = await memoryApp();
    key = (await app.services.apiKeys!.create('outage')).key;
  });
  afterAll(async () => app?.close());

  it('ends with event: unavailable (503 problem, retry:) when its read fails on an outage', async () => {
    const headers = { authorization: `Bearer ${key}` };
    const created = await app.inject({
      method: 'POST',
      url: '/v1/matches',
      headers,
      payload: {
        game: 'eden',
        players: [
          { id: 'p1', name: 'Ana' },
          { id: 'p2', name: 'Ben' },
        ],
      },
    });
    const id = created.json().id as string;
    const reads = matchesOf(app).reads;
    const original = reads.eventsAfterFor.bind(reads);
    reads.eventsAfterFor = async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { name: 'DatabaseUnavailable' });
    };
    try {
      const res = await app.inject({ method: 'GET', url: `/v1/matches/${id}/feed?follow=false`, headers });
      const blocks = res.body.split('\n\n').filter((b) => b.includes('event:'));
      const last = blocks.at(-1)!;
      expect(last).toContain('event: unavailable');
      expect(last).toMatch(/retry: \d+/);
      const data = JSON.parse(/^data: (.*)$/m.exec(last)![1]!);
      expect(data).toMatchObject({ status: 503, code: 'unavailable' });
    } finally {
      reads.eventsAfterFor = original;
    }
  });
});
