/** A full Ánima match through the HTTP API, from setup to a winner (ANIMA-SETUP … ANIMA-MISSION-3). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, sharedApp } from '../helpers/app.js';
import { ANIMA_PLAYERS, KEEP_GIFTS, KEEP_REDIRECT, animaCards, animaGiftCards, gapCards } from '../fixtures/anima-match.js';

describe('Ánima match API', () => {
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    app = await sharedApp();
    key = await apiKey(app, 'anima');
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

  it('ANIMA-CARD-5 / ANIMA-MISSION-5: the Gift deck and Resist missions are validated at creation (400 with /options paths)', async () => {
    const cards = animaGiftCards();
    const gifts = [{ name: 'Rayo', category: 'ability', timing: 'combat', combat: 2 }, { name: 'Orden', category: 'plot', timing: 'normal' }, ...cards.gifts.slice(2)];
    gifts[2] = { ...gifts[2]!, organisation: { enemies: ['Nadie'] } } as never;
    const bad = await create({ ...cards, gifts });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/options/gifts/0/skill', code: 'missing_skill' }),
        expect.objectContaining({ path: '/options/gifts/1/phase', code: 'missing_phase' }),
        expect.objectContaining({ path: '/options/gifts/2/organisation', code: 'unknown_organisation' }),
      ]),
    );
    const few = await create({ ...cards, gifts: cards.gifts.slice(0, 7) });
    expect(few.body.errors[0]).toMatchObject({ path: '/options/gifts', code: 'wrong_card_count' });
    const resist = await create({ ...cards, basicMissions: [{ name: 'Defender', test: { kind: 'resist', rounds: 0 } }, ...cards.basicMissions.slice(1)] });
    expect(resist.status).toBe(400);
    expect(resist.body.errors.map((e: { path: string }) => e.path)).toContain('/options/basicMissions/0/test/rounds');
  });

  it('a full game with the Gift deck, Organisations and a Resist mission, from setup to a winner', async () => {
    const cards = animaGiftCards();
    cards.basicMissions[0] = { name: 'Defender las Ruinas', test: { kind: 'resist', rounds: 1, enemy: { name: 'Bandidos', combat: 3 } } } as never;
    cards.locations[1]!.rewards[1] = { kind: 'mission', name: 'Pozo del Infierno', mission: 'Defender las Ruinas' };
    const created = await create(cards);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const run = async (command: Record<string, unknown>, status = 201) => {
      const r = await call('POST', `/v1/matches/${id}/commands`, { command });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      return r.body;
    };
    const end = (player: string, status = 201) => run({ type: 'anima.end_phase', player }, status);
    // Setup: a Character and three of four Gifts each (ANIMA-SETUP-3); turn 1 order p1, p2 (ANIMA-ORDER-2)
    for (const c of KEEP_GIFTS) await run(c);
    // Turn 1. Start: both join enemy Organisations (ANIMA-HAND-2)
    await run({ type: 'anima.play_gift', player: 'p1', gift: 'Sol Negro' });
    await end('p1');
    await run({ type: 'anima.play_gift', player: 'p2', gift: 'Inquisición' });
    await end('p2');
    // Move: p1 to Las Ruinas (La Sombra de Omega has no effect); p2 beats the Guerrero Errante at Arkángel (2+5 vs 2+1)
    await run({ type: 'anima.go', player: 'p1', location: 'Las Ruinas' });
    await run({ type: 'anima.go', player: 'p2', location: 'Arkángel', dice: { values: [5, 1] } });
    for (const p of ['p1', 'p2']) await end(p);
    // Exploration: p1 finds nothing and starts the Resist mission; p2 finds nothing and takes a Gift (Mapa)
    await run({ type: 'anima.explore', player: 'p1', dice: { values: [1] } });
    let r = await run({ type: 'anima.claim_reward', player: 'p1', reward: 1 });
    expect(r.state.groupsInPlay.p1.resist).toMatchObject({ mission: 'Defender las Ruinas', progress: 0, rounds: 1 });
    await run({ type: 'anima.explore', player: 'p2', dice: { values: [2] } });
    r = await run({ type: 'anima.claim_reward', player: 'p2', reward: 1 });
    expect(r.events.map((e: { type: string }) => e.type)).toEqual(['anima.reward_claimed', 'anima.gifts_drawn', 'anima.turn_started']);
    expect(r.state).toMatchObject({ turn: 2, turnOrder: ['p1', 'p2'] });
    // Turn 2. p1 holds Las Ruinas on its own (no Move declaration); p2 comes to Las Ruinas
    for (const p of ['p1', 'p2']) await end(p);
    r = await run({ type: 'anima.go', player: 'p2', location: 'Las Ruinas' });
    expect(r.state).toMatchObject({ phase: 'interaction', toAct: 'p1' });
    // Interaction: enemy Organisations must fight (ANIMA-INTERACT-4); Furia adds 3 (7+3 vs 2+5); p2 gives a random Gift
    expect((await end('p1', 422)).code).toBe('combat_required');
    r = await run({ type: 'anima.declare_combat', player: 'p1', target: 'p2', gifts: [{ gift: 'Furia', character: 'Acróbata' }], dice: { values: [3, 5, 2] } });
    expect(r.state.groupsInPlay.p2).toMatchObject({ location: null, turnLost: true, handSize: 2 });
    await end('p1');
    // Exploration: the Resist round (Acróbata 4+6 vs Bandidos 3+1) completes the Mission and reveals the Final Mission
    r = await run({ type: 'anima.resist', player: 'p1', dice: { values: [6, 1, 3, 2] } });
    expect(r.events.map((e: { type: string }) => e.type)).toEqual(['anima.resisted', 'anima.mission_completed', 'anima.final_mission_revealed', 'anima.turn_started']);
    expect(r.state.groupsInPlay.p1.characters[0].tapped).toBe(false);
    // Turn 3. p1 stays at Las Ruinas, p2 goes to Arkángel; p1 explores and beats Omega (4+9 vs 5+1): the winner
    for (const p of ['p1', 'p2']) await end(p);
    await run({ type: 'anima.go', player: 'p1', location: 'Las Ruinas' });
    await run({ type: 'anima.go', player: 'p2', location: 'Arkángel' });
    for (const p of ['p1', 'p2']) await end(p);
    await run({ type: 'anima.explore', player: 'p1', dice: { values: [1] } });
    r = await run({ type: 'anima.claim_reward', player: 'p1', reward: 2, dice: { values: [9, 1] } });
    expect(r.events.map((e: { type: string }) => e.type)).toEqual(['anima.reward_claimed', 'anima.mission_completed', 'anima.game_won']);
    const view = await call('GET', `/v1/matches/${id}`);
    expect(view.body.state).toMatchObject({ phase: 'ended', outcome: { winner: 'p1', mission: 'La Sombra' } });
  });

  it('ANIMA-TIMING-2/3, ANIMA-MISSION-4: a redirected move, Combat cards committed to an exploration and a Mission Benefit', async () => {
    const cards = gapCards();
    const bad = await create({
      ...cards,
      gifts: cards.gifts.map((g, i) => (i === 6 ? { ...g, timing: 'normal', phase: 'move' } : g)),
      basicMissions: cards.basicMissions.map((m, i) => (i === 0 ? { ...m, benefit: { gifts: 2, fame: 1 } } : m)),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['/options/basicMissions/0/benefit']));
    expect((await create({ ...cards, gifts: cards.gifts.map((g, i) => (i === 6 ? { ...g, timing: 'normal', phase: 'move' } : g)) })).body.errors).toContainEqual(
      expect.objectContaining({ path: '/options/gifts/6/timing', code: 'redirect_is_interrupt' }),
    );
    const created = await create(cards);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const run = async (command: Record<string, unknown>, status = 201) => {
      const r = await call('POST', `/v1/matches/${id}/commands`, { command });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      return r.body;
    };
    const furia = [{ gift: 'Furia', character: 'Acróbata' }];
    for (const c of KEEP_REDIRECT) await run(c);
    for (const p of ['p1', 'p2']) await run({ type: 'anima.end_phase', player: p });
    // Move: p1 declares Arkángel with Furia committed; p2's Dirección Equivocada sends it to Las Ruinas (no Creature: Furia stays in hand)
    const wrongWay = { by: 'p2', gift: 'Dirección Equivocada', location: 'Las Ruinas' };
    let r = await run({ type: 'anima.go', player: 'p1', location: 'Arkángel', gifts: furia, redirect: wrongWay });
    expect(r.events.map((e: { type: string }) => e.type)).toEqual(['anima.gift_played', 'anima.went']);
    expect(r.state.groupsInPlay.p1).toMatchObject({ location: 'Las Ruinas', handSize: 3 });
    expect(r.state.groupsInPlay.p2.handSize).toBe(2);
    await run({ type: 'anima.go', player: 'p2', location: 'Las Ruinas' });
    for (const p of ['p1', 'p2']) await run({ type: 'anima.end_phase', player: p });
    // Exploration: roll 7, two encounters — Furia spent on the Lobo (4+3+5 vs 3+1), then Tesoro (two Gifts)
    r = await run({ type: 'anima.explore', player: 'p1', gifts: furia, dice: { values: [7, 5, 1] } });
    expect(r.events.map((e: { type: string }) => e.type)).toEqual(['anima.gift_played', 'anima.explored', 'anima.gifts_drawn']);
    expect(r.state.groupsInPlay.p1.handSize).toBe(4);
    // Derrotar a Tiamat (4+8 vs 6+2): its Benefit draws one Gift (hand limit 5) and adds 1 Combat for good
    r = await run({ type: 'anima.claim_reward', player: 'p1', reward: 1, dice: { values: [8, 2, 3, 1] } });
    expect(r.events.map((e: { type: string }) => e.type)).toEqual(['anima.reward_claimed', 'anima.mission_completed', 'anima.final_mission_revealed', 'anima.gifts_drawn']);
    expect(r.events[1].data.benefit).toEqual({ text: 'El Grupo gana fama.', giftsDrawn: 1, combat: 1 });
    expect(r.state.groupsInPlay.p1).toMatchObject({ handSize: 5, lasting: { combat: 1 } });
  });
});
