/**
 * One log line per request (src/http/request-log.ts): at `info` each answered request writes
 * exactly one line, `request completed`, holding what Fastify's two default lines held between
 * them — the request id, the request's fields (a feed token redacted), the status and the time —
 * and the arrival line is written only at `debug`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';

interface Line {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress?: string };
  res?: { statusCode: number };
  responseTime?: number;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function logged(logLevel: string, send: (app: FastifyInstance) => Promise<unknown>): Promise<Line[]> {
  const lines: Line[] = [];
  app = await testApp({ logLevel, logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) } });
  lines.length = 0;
  await send(app);
  return lines.filter((l) => l.reqId !== undefined);
}

describe('request log: one line per request', () => {
  it('at info, an answered request writes one line: request completed, with its id, method, url, status and time', async () => {
    const lines = await logged('info', (a) => a.inject({ method: 'GET', url: '/health' }));
    expect(lines.map((l) => l.msg)).toEqual(['request completed']);
    const [line] = lines;
    expect(line!.level).toBe(30);
    expect(line!.req).toMatchObject({ method: 'GET', url: '/health' });
    expect(line!.res).toEqual({ statusCode: 200 });
    expect(typeof line!.responseTime).toBe('number');
  });

  it('the line carries the id the answer sent as x-request-id', async () => {
    let sent: string | undefined;
    const lines = await logged('info', async (a) => {
      const res = await a.inject({ method: 'GET', url: '/health' });
      sent = res.headers['x-request-id'] as string;
    });
    expect(sent).toBeTruthy();
    expect(lines.map((l) => l.reqId)).toEqual([sent]);
  });

  it('a problem answer is one line too, with its status', async () => {
    const lines = await logged('info', (a) => a.inject({ method: 'POST', url: '/v1/eden/attacks/melee', headers: { 'content-type': 'application/json' }, payload: '{' }));
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.res).toEqual({ statusCode: 400 });
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('a feed token in the url is redacted in the line', async () => {
    const lines = await logged('info', (a) => a.inject({ method: 'GET', url: '/v1/matches/m1/feed?token=aaa.bbb.ccc&follow=false' }));
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.req!.url).toBe('/v1/matches/m1/feed?token=[redacted]&follow=false');
    expect(JSON.stringify(lines)).not.toContain('aaa.bbb.ccc');
  });

  it('at debug, the arrival line is written too, before the answer', async () => {
    const lines = await logged('debug', (a) => a.inject({ method: 'GET', url: '/health' }));
    const ours = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
    expect(ours.map((l) => [l.msg, l.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 30],
    ]);
    expect(ours[0]!.req).toMatchObject({ method: 'GET', url: '/health' });
    expect(ours[0]!.reqId).toBe(ours[1]!.reqId);
  });
});
