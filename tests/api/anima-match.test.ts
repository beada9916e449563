/** A full Ánima match through the HTTP API, from setup to a winner (ANIMA-SETUP … ANIMA-MISSION-3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { databaseTargets } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';
import { ANIMA_PLAYERS, animaCards } from '../unit/matches/spec/anima-fixtures.js';

for (const target of databaseTargets()) {
  describe(`Ánima match API on ${target.name}`, () => {
    let db: Database;
    let app: FastifyInstance;
    let key: string;
    beforeAll(async () => {
      db = await target.open();
      app = await testApp({}, { database: db });
      key = (await apiKeyStore(db).create('anima')).key;
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${key}` } });
      return { status: res.statusCode, body: res.json() };
    };
    const create = (options: Record<string, unknown>) => call('POST', '/v1/matches', { game: 'anima', players: ANIMA_PLAYERS, options });

    it('ANIMA-SETUP: card lists are validated at creation (400 with /options paths); a partial set names what is missing', async () => {
      const cards = animaCards();
      const bad = await create({ ...cards, encounters: [{ name: 'Lobo', kind: 'creature', level: 1 }, ...cards.encounters] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toContainEqual(expect.objectContaining({ path: '/options/encounters/0/combat', code: 'missing_combat' }));
      const partial = await create({ characters: cards.characters });
      expect(partial.status).toBe(400);
      expect(partial.body.errors.map((e: { path: string }) => e.path)).toEqual(['/options/locations', '/options/encounters', '/options/basicMissions', '/options/finalMissions']);
      const few = await create({ ...cards, finalMissions: cards.finalMissions.slice(0, 2) });
      expect(few.status).toBe(400);
      expect(few.body.errors[0]).toMatchObject({ path: '/options/finalMissions', code: 'wrong_card_count' });
    });

    it('a full game from setup to a winner (ANIMA-MISSION-3)', async () => {
      const created = await create(animaCards());
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const run = async (command: Record<string, unknown>, status = 201) => {
        const r = await call('POST', `/v1/matches/${id}/commands`, { command });
        expect(r.status, JSON.stringify(r.body)).toBe(status);
        return r.body;
      };
      // Setup (ANIMA-SETUP-3) → turn 1, ordered by Speed with a tie-break roll (ANIMA-ORDER-2)
      await run({ type: 'anima.keep_character', player: 'p1', character: 'Acróbata' });
      let r = await run({ type: 'anima.keep_character', player: 'p2', character: 'Ladrona', dice: { values: [1, 1, 1, 3, 7] } });
      expect(r.state).toMatchObject({ phase: 'start', turn: 1, turnOrder: ['p2', 'p1'], toAct: 'p2' });
      // Start → Move: both go to Las Ruinas (La Sombra de Omega, level 3, has no effect: ANIMA-PRIOR-3)
      for (const p of ['p2', 'p1']) await run({ type: 'anima.end_phase', player: p });
      await run({ type: 'anima.go', player: 'p1', location: 'Las Ruinas' }, 422);
      for (const p of ['p2', 'p1']) await run({ type: 'anima.go', player: p, location: 'Las Ruinas' });
      // Interaction: nobody fights; Exploration: p2 declines, p1 explores (roll 1: Nothing) and beats Tiamat
      for (const p of ['p2', 'p1']) await run({ type: 'anima.end_phase', player: p });
      await run({ type: 'anima.end_phase', player: 'p2' });
      await run({ type: 'anima.explore', player: 'p1', dice: { values: [1] } });
      r = await run({ type: 'anima.claim_reward', player: 'p1', reward: 1, dice: { values: [8, 2, 3, 1] } });
      expect(r.state).toMatchObject({ turn: 2, phase: 'start', finalMission: { name: 'La Sombra' } });
      expect(r.state.groupsInPlay.p1.missions[0]).toMatchObject({ name: 'Derrotar a Tiamat', completed: true });
      // Turn 2: both stay at Las Ruinas; p1 explores and completes the Final Mission
      for (const p of ['p2', 'p1']) await run({ type: 'anima.end_phase', player: p });
      for (const p of ['p2', 'p1']) await run({ type: 'anima.go', player: p, location: 'Las Ruinas' });
      for (const p of ['p2', 'p1']) await run({ type: 'anima.end_phase', player: p });
      await run({ type: 'anima.end_phase', player: 'p2' });
      await run({ type: 'anima.explore', player: 'p1', dice: { values: [2] } });
      r = await run({ type: 'anima.claim_reward', player: 'p1', reward: 2, dice: { values: [9, 1] } });
      expect(r.events.map((e: { type: string }) => e.type)).toEqual(['anima.reward_claimed', 'anima.mission_completed', 'anima.game_won']);
      const view = await call('GET', `/v1/matches/${id}`);
      expect(view.body.state).toMatchObject({ phase: 'ended', outcome: { winner: 'p1', mission: 'La Sombra' }, toAct: null });
      const over = await run({ type: 'anima.end_phase', player: 'p2' }, 422);
      expect(over.code).toBe('game_over');
    });
  });
}
