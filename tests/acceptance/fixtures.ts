/**
 * Shared pieces of the acceptance suite: the CONTRACT §2 example fighter (Yûri) exactly as printed,
 * and small helpers that call the real app the way an integrator would (JSON over inject).
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { YURI_BODY } from '../unit/eden/fixtures.js';

/** CONTRACT §2 example, verbatim: the shared profile (tests/unit/eden/fixtures.ts) with its state. */
export const YURI = {
  ...YURI_BODY,
  wounds: { head: 0, arms: 0, torso: 0, legs: 0 },
  markers: { fire: 0, fear: 0, rage: 0, slow: 0, poison: 0 },
  ap: 3,
} as const;

type Json = Record<string, unknown>;

/** A deep copy of Yûri with another id (and any overrides, merged one level into wounds/markers). */
export function yuri(id = 'yuri-1', over: Json = {}): Json {
  const base = structuredClone(YURI) as unknown as Json;
  const out: Json = { ...base, id, ...over };
  if (over.wounds) out.wounds = { ...(base.wounds as Json), ...(over.wounds as Json) };
  if (over.markers) out.markers = { ...(base.markers as Json), ...(over.markers as Json) };
  return out;
}

/** A fighter sent with only the profile (no wounds, markers, ap: CONTRACT §2 defaults). */
export function bareYuri(id: string): Json {
  const f = yuri(id);
  delete f.wounds;
  delete f.markers;
  delete f.ap;
  return f;
}

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

export async function call(app: FastifyInstance, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await app.inject(body === undefined ? { method: 'GET', url, headers } : { method: 'POST', url, payload: body as object, headers });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers as Record<string, unknown> };
}

/** Every value of the transcript, in consumption order. */
export function consumed(dice: { rolls: { values: number[] }[] }): number[] {
  return dice.rolls.flatMap((r) => r.values);
}

/** CONTRACT §1 transcript shape. */
export function expectTranscript(dice: any, seed: string | null): void {
  expect(Object.keys(dice).sort()).toEqual(['rolls', 'seed']);
  expect(dice.seed).toBe(seed);
  expect(Array.isArray(dice.rolls)).toBe(true);
  for (const r of dice.rolls) {
    expect(typeof r.purpose).toBe('string');
    expect(r.purpose.length).toBeGreaterThan(0);
    expect(Number.isInteger(r.sides)).toBe(true);
    expect(Array.isArray(r.values)).toBe(true);
    for (const v of r.values) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(r.sides);
    }
  }
}

/** CONTRACT §0 problem document. */
export function expectProblem(res: Answer, status: number): void {
  expect(res.status).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  expect(typeof res.body.type).toBe('string');
  expect(typeof res.body.title).toBe('string');
  expect(res.body.status).toBe(status);
  expect(typeof res.body.detail).toBe('string');
}

/** The response without its narrative `summary` (machine fields only). */
export function machine(body: Json): Json {
  const { summary: _summary, ...rest } = body;
  return rest;
}

/** A Fighter in a response: the request shape plus `outOfAction` (CONTRACT §2). */
export function expectFighterShape(f: any): void {
  for (const k of ['id', 'name', 'limbs', 'wounds', 'markers', 'ap']) expect(f).toHaveProperty(k);
  expect(Object.keys(f.wounds).sort()).toEqual(['arms', 'head', 'legs', 'torso']);
  expect(Object.keys(f.markers).sort()).toEqual(['fear', 'fire', 'poison', 'rage', 'slow']);
  expect(typeof f.outOfAction).toBe('boolean');
}
