import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { post, testApp } from '../helpers/app.js';
import { queryAll, withoutNulls } from '../helpers/graphql-selection.js';
import { twoTiles } from '../fixtures/exsilium-grid.js';
import { exsiliumOperations } from '../../src/games/exsilium/operations/index.js';

const implacable = { name: 'Implacable', kind: 'effect' };
const claw15 = { name: '15 damage', kind: 'attack', damage: 15, evadable: true };

describe('Exsilium endpoints', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  describe('POST /v1/exsilium/newaru/actions', () => {
    const body = { playerBaralytas: 5, committed: [10, 9], attacker: 'player', decks: { intermediate: [implacable, claw15] }, outcomeDeck: [4, 8, 10, 4, 4, 8], seed: 'api' };

    it('EXS-EX-9: Implacable + 15 damage = 19 against 19 → Outcome, player first (CONTRACT §4 fields)', async () => {
      const res = await post(app, '/v1/exsilium/newaru/actions', body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tier: 'intermediate',
        revealed: [{ name: 'Implacable', kind: 'effect', outcomeBonus: 4 }, claw15],
        playerStrength: 19,
        enemyStrength: 19,
        outcomeDraws: [
          { side: 'player', card: 8 },
          { side: 'newaru', card: 10 },
        ],
        winner: 'newaru',
        evaded: false,
        consequences: { player: { result: 'lost', miniature: 'retreats' }, newaru: 'stays' },
      });
      expect(res.body.decks.seed).toBe('api');
      expect(res.body.decks.draws.map((d: { deck: string }) => d.deck)).toEqual(['intermediate', 'outcome', 'intermediate', 'outcome', 'outcome']);
      expect(res.body.summary).toMatch(/EXS-COMBAT-NEWARU-4/);
    });

    it('EXS-KW-FAVZONE: an evadable attack evaded with Favourable Zone has no winner', async () => {
      const res = await post(app, '/v1/exsilium/newaru/actions', { ...body, favourableZone: true });
      expect(res.body).toMatchObject({ evaded: true, winner: null, outcomeDraws: [] });
    });

    it('summaries follow Accept-Language and name rule IDs', async () => {
      const es = await post(app, '/v1/exsilium/newaru/actions', body, { 'accept-language': 'es' });
      const de = await post(app, '/v1/exsilium/newaru/actions', body, { 'accept-language': 'de' });
      expect(es.body.summary).toMatch(/^Acción de enemigo Intermedia.*Reglas: .*EXS-COMBAT-NEWARU-1/);
      expect(de.body.summary).toMatch(/Regeln: .*EXS-COMBAT-NEWARU-1/);
      expect(es.body.winner).toBe(de.body.winner);
    });

    it('the same seed gives the same shuffles and result when no outcome order is given', async () => {
      const seeded = { playerBaralytas: 0, committed: [10], attacker: 'newaru', decks: { basic: [{ name: 'Bite', kind: 'attack', damage: 10 }] }, seed: 'repeat' };
      const a = await post(app, '/v1/exsilium/newaru/actions', seeded);
      const b = await post(app, '/v1/exsilium/newaru/actions', seeded);
      expect(a.body.decks.shuffles[0].reason).toBe('initial');
      expect(a.body).toEqual(b.body);
    });

    it('400 lists every schema problem with its path', async () => {
      const res = await post(app, '/v1/exsilium/newaru/actions', { playerBaralytas: 16, committed: [-1, 'x'], attacker: 'nobody', outcomeDeck: [5] });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      const paths = res.body.errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['/playerBaralytas', '/committed/0', '/committed/1', '/attacker', '/outcomeDeck/0']));
    });

    it('400 for attack cards without damage, every one listed', async () => {
      const res = await post(app, '/v1/exsilium/newaru/actions', {
        ...body,
        decks: { basic: [{ name: 'a', kind: 'attack' }], intermediate: [implacable, { name: 'b', kind: 'attack' }] },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['/decks/basic/0/damage', '/decks/intermediate/1/damage']);
    });

    it('EXS-COMBAT-NEWARU-1: 422 enemy_deck_missing when the needed level was not sent, naming the tier and /decks/<tier>', async () => {
      const res = await post(app, '/v1/exsilium/newaru/actions', { ...body, playerBaralytas: 8 });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'enemy_deck_missing', path: '/decks/advanced', tier: 'advanced' });
      expect(res.body.detail).toMatch(/advanced/);
      expect(res.body.detail).toContain('/decks/advanced');
    });

    it('EXS-AMB-3b: the strict option answers 200 without any deck: attacked with no cards, the player loses at once', async () => {
      const res = await post(app, '/v1/exsilium/newaru/actions', {
        playerBaralytas: 8,
        committed: [],
        hand: 0,
        attacker: 'newaru',
        emptyHandLoses: true,
        faction: 'syl',
        inactiveMiniatures: 3,
        abilityTokens: 2,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tier: 'advanced',
        winner: 'newaru',
        endedBy: 'no_defence',
        revealed: [],
        consequences: { player: { result: 'lost', retreat: { released: true, abilityTokensReturned: 2 } } },
      });
      expect(res.body.summary).toMatch(/EXS-AMB-3/);
    });

    it('EXS-COMP-6: 400 not_in_deck for an Outcome order with two 10s', async () => {
      const res = await post(app, '/v1/exsilium/newaru/actions', { ...body, outcomeDeck: [10, 10] });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: '/outcomeDeck/1', code: 'not_in_deck' })]);
    });

    it('the description states when `winner` is null and that `decks` is required for the needed level', () => {
      const op = exsiliumOperations.find((o) => o.id === 'exsilium.newaruAction')!;
      expect(op.description).toMatch(/`winner: null`/);
      expect(op.description).toMatch(/evaded/);
      expect(op.description).toMatch(/effect card that does not chain/);
      expect(op.description).toMatch(/`decks` is required for the level/);
      expect(op.description).toContain('/decks/<tier>');
      expect(op.description).toContain('enemy_deck_missing');
    });

    it('422 endless_chain and deck_exhausted instead of hanging or failing', async () => {
      const endless = await post(app, '/v1/exsilium/newaru/actions', { ...body, decks: { intermediate: [implacable] } });
      expect(endless).toMatchObject({ status: 422, body: { code: 'endless_chain' } });
      const empty = await post(app, '/v1/exsilium/newaru/actions', { ...body, decks: { intermediate: [] } });
      expect(empty).toMatchObject({ status: 422, body: { code: 'deck_exhausted' } });
    });
  });

  describe('POST /v1/exsilium/newaru/moves', () => {
    const body = {
      nodes: twoTiles(),
      newaru: { node: 'T:0,0' },
      miniatures: [{ id: 'k1', faction: 'keber', node: 'T:3,3' }],
      move: { faction: 'keber', path: ['T:3,2', 'T:3,3'] },
    };

    it('EXS-NEWARU-ACT-2: a move on its tile moves the Newaru one node toward the nearest miniature', async () => {
      const res = await post(app, '/v1/exsilium/newaru/moves', body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ moves: true, from: 'T:0,0', to: 'T:1,1', adjacentTo: [] });
      expect(res.body.summary).toMatch(/EXS-NEWARU-ACT-2/);
    });

    it('422 unknown_node with the path of the unknown id', async () => {
      const res = await post(app, '/v1/exsilium/newaru/moves', { ...body, move: { faction: 'keber', path: ['T:3,2', 'nowhere'] } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'unknown_node', path: '/move/path/1' });
    });

    it('400 for a malformed graph, every problem listed', async () => {
      const res = await post(app, '/v1/exsilium/newaru/moves', { nodes: [{ id: 'a' }], newaru: {}, miniatures: [{}], move: { path: [] } });
      expect(res.status).toBe(400);
      const paths = res.body.errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['/nodes/0/tile', '/nodes/0/neighbors', '/newaru/node', '/miniatures/0/id', '/move/faction', '/move/path']));
    });

    it('GraphQL exsiliumNewaruMove answers what REST answers', async () => {
      const rest = await post(app, '/v1/exsilium/newaru/moves', body);
      const gql = await queryAll(app, 'exsiliumNewaruMove', body);
      expect(gql.status).toBe(200);
      expect(gql.data).toEqual(withoutNulls(rest.body));
    });
  });

  describe('POST /v1/exsilium/combats', () => {
    it('EXS-EX-7: 8 vs 8, Outcome 4 vs 8: the defender wins and takes a Baralytas token and a connection token', async () => {
      const res = await post(app, '/v1/exsilium/combats', {
        attacker: { id: 'pedro', faction: 'syl', committed: [2, 2, 2, 2], baralytasTokens: [2], connectionTokens: 1 },
        defender: { id: 'juan', faction: 'keber', committed: [1, 2, 2, 3], baralytasTokens: [3], connectionTokens: 0 },
        outcomeDeck: [4, 8, 4, 4, 8, 10],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        winner: 'defender',
        totals: { attacker: 12, defender: 16 },
        consequences: { defender: { baralytas: { value: 2, points: 5 }, discard: { toDiscardPile: 1 } }, attacker: { miniature: 'retreats', discard: { toSupplyDeck: 1 } } },
      });
      expect(res.body.decks.draws).toEqual([
        { deck: 'outcome', card: 4, for: 'attacker' },
        { deck: 'outcome', card: 8, for: 'defender' },
      ]);
    });

    it('422 reply_too_large when the defender lays more cards than the attacker', async () => {
      const res = await post(app, '/v1/exsilium/combats', { attacker: { committed: [3] }, defender: { committed: [1, 1] } });
      expect(res).toMatchObject({ status: 422, body: { code: 'reply_too_large', path: '/defender/committed' } });
    });

    it('GraphQL errors carry the same code as REST', async () => {
      const gql = await queryAll(app, 'exsiliumCombat', { attacker: { committed: [], hand: 2 }, defender: { committed: [] } });
      expect(gql.errors![0]!.extensions!.code).toBe('must_commit');
    });
  });

  describe('mines and eliminations', () => {
    it('EXS-MINE-2: POST /v1/exsilium/mines reports the mover blown up mid-move', async () => {
      const res = await post(app, '/v1/exsilium/mines', {
        nodes: twoTiles(),
        mines: [{ id: 'm1', node: 'T:3,3', faction: 'syl' }],
        miniatures: [{ id: 'k1', faction: 'keber', node: 'T:0,0' }],
        move: { miniature: 'k1', path: ['T:0,0', 'T:1,1', 'T:2,2', 'T:2,1'] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ moverEliminated: true, stoppedAt: 'T:2,2', minesSpent: ['m1'] });
      expect(res.body.summary).toMatch(/EXS-MINE-2/);
    });

    it('EXS-COMBAT-DISCARD-3: POST /v1/exsilium/eliminations, a SYL drone victim releases Vinsan’s ability', async () => {
      const res = await post(
        app,
        '/v1/exsilium/eliminations',
        { cause: 'syl_drone', victims: [{ id: 'v', faction: 'vinsan', hand: 2, inactiveMiniatures: 2, abilityTokens: 2 }] },
        { 'accept-language': 'de' },
      );
      expect(res.status).toBe(200);
      expect(res.body.victims[0]).toMatchObject({ retreat: { released: true }, discard: { toSupplyDeck: 1, handAfter: 1 } });
      expect(res.body.summary).toMatch(/Regeln: .*EXS-FACTION-SYL-1/);
    });

    it('400 for a malformed victim list, every problem listed', async () => {
      const res = await post(app, '/v1/exsilium/eliminations', { cause: 'meteor', victims: [{ hand: -1, inactiveMiniatures: 4 }] });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['/cause', '/victims/0/id', '/victims/0/hand', '/victims/0/inactiveMiniatures']));
    });
  });

  describe('documented examples', () => {
    for (const op of exsiliumOperations) {
      it(`${op.id}: has examples and each answers 200`, async () => {
        expect(op.examples?.length).toBeGreaterThan(0);
        for (const example of op.examples!) {
          const res = await post(app, op.path, example.value);
          expect(res.status, `${example.summary}: ${JSON.stringify(res.body)}`).toBe(200);
        }
      });
    }
  });

  describe('respawn and victory', () => {
    it('EXS-NEWARU-SPAWN-1: POST /v1/exsilium/newaru/respawns', async () => {
      const res = await post(app, '/v1/exsilium/newaru/respawns', {
        tiles: [
          { id: 'A1', portal: 'p1', miniatures: 0, newaru: false },
          { id: 'B', portal: 'p2', miniatures: 2, newaru: false },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.spawns).toEqual([{ tile: 'A1', node: 'p1' }]);
    });

    it('422 duplicate_tile', async () => {
      const res = await post(app, '/v1/exsilium/newaru/respawns', {
        tiles: [
          { id: 'A', miniatures: 0, newaru: false },
          { id: 'A', miniatures: 0, newaru: false },
        ],
      });
      expect(res).toMatchObject({ status: 422, body: { code: 'duplicate_tile', path: '/tiles/1/id' } });
    });

    it('EXS-EX-16: POST /v1/exsilium/victory, 3 players, tokens 2 + 3 + 2 + 1 = 8 win', async () => {
      const res = await post(app, '/v1/exsilium/victory', {
        playerCount: 3,
        players: [
          { id: 'a', baralytasTokens: [2, 3, 2, 1] },
          { id: 'b', baralytas: 7 },
        ],
      });
      expect(res.body).toMatchObject({ target: 8, winners: ['a'] });
    });

    it('400 for a player count outside 2–4 and for a player with no points', async () => {
      const res = await post(app, '/v1/exsilium/victory', { playerCount: 5, players: [] });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('/playerCount');
      const none = await post(app, '/v1/exsilium/victory', { playerCount: 2, players: [{ id: 'a' }] });
      expect(none).toMatchObject({ status: 400, body: { errors: [{ path: '/players/0/baralytas', code: 'required' }] } });
    });
  });
});
