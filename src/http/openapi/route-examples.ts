/**
 * Response examples of the hand-written routes (matches, simulations, admin, league, system), by
 * operationId and status. The registry operations get theirs computed (./operation-examples.ts).
 */
import { GAME_INFO } from '../../app/matches/games.js';
import type { NamedExample } from './operation-examples.js';
import { DICE_ROUTE_EXAMPLES } from './dice-examples.js';
import { TEXT_EXAMPLE } from '../../games/eden/operations/roster.operation.js';

const MATCH_ID = '3f6c2a9e-8d41-4c7b-9a0e-5b1d2c3e4f50';
const SIMULATION_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const KEY_ID = 'c0ffee00-1234-4abc-9def-0123456789ab';
const CREATED_AT = '2026-03-01T18:30:00.000Z';
const PLAYERS = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

const noteEvent = { version: 1, type: 'match.note', schemaVersion: 2, data: { text: 'Turn 1: Yûri moves to the ruins.' }, recordedAt: '2026-03-01T18:31:00.000Z' };
const view = (status: string, progress: number) => ({
  id: SIMULATION_ID,
  kind: 'eden.melee',
  status,
  progress,
  iterations: 100000,
  seed: 'league-final',
  createdAt: CREATED_AT,
  completedAt: status === 'running' ? null : '2026-03-01T18:30:04.000Z',
});
const RECEIPT = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJtYXRjaElkIjoiM2Y2YyJ9.c2lnbmF0dXJl';
const rosterValidation = {
  valid: true,
  errors: [],
  warnings: [],
  bandType: 'faction',
  affiliation: 'jokers',
  totals: { value: 25, budget: 100, strategyPoints: 4 },
  fighters: [{ index: 0, id: 'yuri', name: 'Yûri', value: 25, faction: 'jokers', stigma: 'chaos', psi: 4 }],
  summary: 'Legal band (EDEN-ROSTER-1..6): 25/100 points; 4 Strategy Points (EDEN-PREP-2).',
};

/** `text/event-stream` bodies, as the feeds write them. */
const MATCH_FEED_EXAMPLE = [
  `: feed of match ${MATCH_ID}`,
  'retry: 2000',
  '',
  'id: 1',
  'event: match.note',
  `data: ${JSON.stringify(noteEvent)}`,
  '',
  ': ping',
  '',
].join('\n');

const SIMULATION_EVENTS_EXAMPLE = [
  ': simulation progress',
  'retry: 2000',
  '',
  'event: progress',
  `data: ${JSON.stringify(view('running', 0.42))}`,
  '',
  'event: completed',
  `data: ${JSON.stringify({ ...view('completed', 1), result: { iterations: 100000, successRate: 0.61 } })}`,
  '',
].join('\n');

type Examples = Record<string, Record<string, NamedExample>>;

const CATALOG_ID = '5b0e7c1a-3d2f-4e8b-9c6a-1f2e3d4c5b6a';
const LEAGUE_SHA = '3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b';

/** Hand-written routes that also take a text/plain body, with its examples (each parses and validates). */
export const TEXT_BODY_ROUTES: Record<string, { summary: string; value: string }[]> = {
  'eden.storeRoster': [{ summary: 'Yûri with a helmet, in Spanish', value: TEXT_EXAMPLE }],
};

/** operationId → status → example. */
/** An EDEN match's state as created (version 0, the owner's view): an `EdenMatchState` (CONTRACT §9.3). */
const EDEN_STATE_AT_0 = {"game":"eden","edition":"es","maxTurns":5,"options":{"weather":0,"territory":false,"infestation":false},"phase":"preparation","prep":"bands","turn":0,"firstPlayer":null,"bands":{"A":{"player":{"id":"p1","name":"Ana"},"bandType":null,"affiliation":null,"fighterIds":[],"strategyPoints":0,"leader":null,"mission":null,"deployment":null,"tacticHand":null,"tacticsPlayed":[],"victoryPoints":0},"B":{"player":{"id":"p2","name":"Ben"},"bandType":null,"affiliation":null,"fighterIds":[],"strategyPoints":0,"leader":null,"mission":null,"deployment":null,"tacticHand":null,"tacticsPlayed":[],"victoryPoints":0}},"fighters":{},"tactical":{"acted":[]},"activation":{"opening":true,"lastWasPass":false,"active":null,"lastActivatedSide":null},"weather":[],"infestation":null,"npcs":{},"territory":null,"scenery":{},"mistDeployment":null,"upkeep":{"npcsActivated":[],"npcNext":null},"leaderLostTurn":{},"result":null,"otherEvents":0,"outcome":{"ended":false,"winners":[],"score":{"p1":0,"p2":0}},"pending":[]};

/** `eden.register_band` (a fighter by catalog `ref`) on that match: its event and the state after it (the owner's view). */
const EDEN_BAND_REGISTERED = {"version": 1, "events": [{"version": 1, "type": "eden.band_registered", "schemaVersion": 1, "data": {"player": "A", "bandType": "faction", "affiliation": "jokers", "fighters": [{"ref": "yuri", "id": "yuri", "name": "Yûri", "faction": "jokers", "stigma": "chaos", "types": ["human"], "value": 25, "limbs": {"head": {"white": 2, "red": 2, "faces": [1], "normal": 4, "wounded": 3}, "arms": {"white": 2, "red": 1, "faces": [2, 3], "normal": 4, "wounded": 3}, "torso": {"white": 3, "red": 1, "faces": [4, 5], "normal": 4, "wounded": 3}, "legs": {"white": 2, "red": 1, "faces": [6], "normal": 5, "wounded": 4}}, "equipment": [{"name": "Molotov", "categories": ["thrown"]}, {"name": "Throwing knives", "categories": ["shooting"]}], "wounds": {"head": 0, "arms": 0, "torso": 0, "legs": 0}, "markers": {"fire": 0, "fear": 0, "rage": 0, "slow": 0, "poison": 0}, "ap": 3}], "strategyPoints": 4}, "recordedAt": "2026-03-01T18:32:00.000Z"}], "state": {"game": "eden", "edition": "es", "maxTurns": 5, "options": {"weather": 0, "territory": false, "infestation": false}, "phase": "preparation", "prep": "bands", "turn": 0, "firstPlayer": null, "bands": {"A": {"player": {"id": "p1", "name": "Ana"}, "bandType": "faction", "affiliation": "jokers", "fighterIds": ["yuri"], "strategyPoints": 4, "leader": null, "mission": null, "deployment": null, "tacticHand": null, "tacticsPlayed": [], "victoryPoints": 0}, "B": {"player": {"id": "p2", "name": "Ben"}, "bandType": null, "affiliation": null, "fighterIds": [], "strategyPoints": 0, "leader": null, "mission": null, "deployment": null, "tacticHand": null, "tacticsPlayed": [], "victoryPoints": 0}}, "fighters": {"yuri": {"side": "A", "fighter": {"ref": "yuri", "id": "yuri", "name": "Yûri", "faction": "jokers", "stigma": "chaos", "types": ["human"], "value": 25, "limbs": {"head": {"white": 2, "red": 2, "faces": [1], "normal": 4, "wounded": 3}, "arms": {"white": 2, "red": 1, "faces": [2, 3], "normal": 4, "wounded": 3}, "torso": {"white": 3, "red": 1, "faces": [4, 5], "normal": 4, "wounded": 3}, "legs": {"white": 2, "red": 1, "faces": [6], "normal": 5, "wounded": 4}}, "equipment": [{"name": "Molotov", "categories": ["thrown"]}, {"name": "Throwing knives", "categories": ["shooting"]}], "wounds": {"head": 0, "arms": 0, "torso": 0, "legs": 0}, "markers": {"fire": 0, "fear": 0, "rage": 0, "slow": 0, "poison": 0}, "ap": 3}, "outOfAction": false, "turn": {"activated": false, "moves": 0, "attacks": 0, "engages": 0}, "itemUses": {}}}, "tactical": {"acted": []}, "activation": {"opening": true, "lastWasPass": false, "active": null, "lastActivatedSide": null}, "weather": [], "infestation": null, "npcs": {}, "territory": null, "scenery": {}, "mistDeployment": null, "upkeep": {"npcsActivated": [], "npcNext": null}, "leaderLostTurn": {}, "result": null, "otherEvents": 0, "outcome": {"ended": false, "winners": [], "score": {"p1": 0, "p2": 0}}, "pending": []}};

export const ROUTE_EXAMPLES: Examples = {
  'system.health': { 200: { summary: 'Alive', value: { status: 'ok' } } },
  'system.ready': { 200: { summary: 'Every dependency answers', value: { status: 'ready', checks: { database: 'ok', queue: 'ok' } } } },
  'graphql.get': { 200: { summary: 'The answer to `?query={health}`', value: { data: { health: 'ok' } } } },
  'graphql.post': { 200: { summary: 'The answer to `{"query": "{ health }"}`', value: { data: { health: 'ok' } } } },
  createApiKey: { 201: { summary: 'A new key (shown once)', value: { id: KEY_ID, name: 'discord-bot', key: 'ak_3q9Xv2mN8pLr5tYw7zBc1dFg', createdAt: CREATED_AT } } },
  whoAmI: { 200: { summary: 'The owner of the key', value: { id: KEY_ID, name: 'discord-bot' } } },
  'matches.create': {
    201: { summary: 'An EDEN match at version 0', value: { id: MATCH_ID, game: 'eden', version: 0, players: PLAYERS, options: { edition: 'es', turns: 5 }, createdAt: CREATED_AT } },
  },
  'matches.appendEvents': { 201: { summary: 'One note appended', value: { version: 1, events: [noteEvent] } } },
  'matches.runCommand': {
    201: {
      summary: 'A command and the events it wrote',
      value: EDEN_BAND_REGISTERED,
    },
  },
  'matches.correct': {
    201: {
      summary: 'The last event withdrawn',
      value: {
        version: 3,
        events: [{ version: 3, type: 'match.corrected', schemaVersion: 1, data: { reason: 'Wrong fighter', undo: 1, withdraws: [2], by: { id: KEY_ID, name: 'discord-bot' } }, recordedAt: '2026-03-01T18:33:00.000Z' }],
        withdrawn: [2],
        state: { turn: 1, activePlayer: 'A' },
      },
    },
  },
  'matches.result': {
    200: {
      summary: 'An ended EDEN match, with its receipt',
      value: {
        ended: true,
        winner: 'p1',
        winners: ['p1'],
        score: { A: 7, B: 4 },
        version: 58,
        game: 'eden',
        players: { A: PLAYERS[0], B: PLAYERS[1] },
        winningSide: 'A',
        reason: 'turns',
        receipt: RECEIPT,
      },
    },
  },
  'matches.get': {
    200: { summary: 'A match and its state', value: { id: MATCH_ID, game: 'eden', version: 0, players: PLAYERS, options: { edition: 'es' }, createdAt: CREATED_AT, state: EDEN_STATE_AT_0 } },
  },
  'matches.list': {
    200: {
      summary: 'A page of two matches, and the cursor of the next',
      value: {
        matches: [
          { id: MATCH_ID, game: 'eden', version: 58, ended: true, createdAt: CREATED_AT, updatedAt: '2026-03-01T21:02:00.000Z' },
          { id: 'b2e4c6d8-0a1b-4c3d-8e5f-a7b9c1d3e5f7', game: 'anima', version: 0, ended: false, createdAt: '2026-02-27T17:00:00.000Z', updatedAt: '2026-02-27T17:00:00.000Z' },
        ],
        next: 'WyJtYXRjaGVzIiwiMjAyNi0wMi0yN1QxNzowMDowMC4wMDAwMDBaIiwiYjJlNGM2ZDgtMGExYi00YzNkLThlNWYtYTdiOWMxZDNlNWY3Il0',
      },
    },
  },
  'matches.events': { 200: { summary: 'The first page', value: { events: [noteEvent], from: 1, next: 2, nextFrom: 2 } } },
  'matches.feedToken': {
    201: { summary: 'A token for this match’s feed', value: { token: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIiwidHlwIjoiZmVlZCtqd3QifQ.eyJzY29wZSI6ImZlZWQifQ.c2lnbmF0dXJl', expiresAt: '2026-03-01T18:40:00.000Z' } },
  },
  'simulations.feedToken': {
    201: { summary: 'A token for this simulation’s progress', value: { token: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIiwidHlwIjoiZmVlZCtqd3QifQ.eyJzY29wZSI6ImZlZWQifQ.c2lnbmF0dXJl', expiresAt: '2026-03-01T18:40:00.000Z' } },
  },
  'matches.feed': { 200: { summary: 'One event, then a ping', value: MATCH_FEED_EXAMPLE } },
  'matches.seatToken': {
    201: {
      summary: 'A seat token for player p1',
      value: { token: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIiwidHlwIjoic2VhdCtqd3QifQ.eyJzY29wZSI6InNlYXQifQ.c2lnbmF0dXJl', expiresAt: '2026-03-02T18:40:00.000Z', playerId: 'p1' },
    },
  },
  'matches.spectatorToken': {
    201: {
      summary: 'A spectator token',
      value: { token: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIiwidHlwIjoic3BlY3RhdG9yK2p3dCJ9.eyJzY29wZSI6InNwZWN0YXRvciJ9.c2lnbmF0dXJl', expiresAt: '2026-03-02T18:40:00.000Z' },
    },
  },
  'matches.moves': {
    200: {
      summary: 'Whose turn it is: p1 may act, p2 waits',
      value: {
        version: 5,
        phase: 'turn',
        turn: 1,
        activePlayers: ['p1'],
        outcome: { ended: false, winners: [] },
        moves: [
          { player: 'p1', type: 'exsilium.activate' },
          { player: 'p1', type: 'exsilium.end_turn' },
        ],
      },
    },
  },
  'simulations.submit': { 202: { summary: 'Queued', value: { id: SIMULATION_ID, status: 'queued', deduplicated: false } } },
  'simulations.list': {
    200: {
      summary: 'The last page: no `next`',
      value: { simulations: [{ id: SIMULATION_ID, kind: 'eden.melee', status: 'running', progress: 0.42, createdAt: CREATED_AT }] },
    },
  },
  'simulations.get': { 200: { summary: 'Running', value: view('running', 0.42) } },
  'simulations.cancel': { 200: { summary: 'Cancelled', value: view('cancelled', 0.42) } },
  'simulations.events': { 200: { summary: 'Progress, then the end', value: SIMULATION_EVENTS_EXAMPLE } },
  'simulations.chart': {
    200: {
      summary: 'A chart (shortened)',
      value: '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><text x="60" y="24">eden.melee — PC lost by the fighter attacked</text></svg>',
    },
  },
  'eden.storeRoster': {
    201: { summary: 'A stored list and its share link (relative; absolute from PUBLIC_URL when set)', value: { id: 'r_8fK2mQ9xLp', validation: rosterValidation, url: '/v1/eden/rosters/r_8fK2mQ9xLp', createdAt: CREATED_AT } },
  },
  'eden.getRoster': {
    200: {
      summary: 'A stored list',
      value: {
        id: 'r_8fK2mQ9xLp',
        roster: { bandType: 'faction', fighters: [{ ref: 'yuri' }] },
        validation: rosterValidation,
        createdAt: CREATED_AT,
        rulesChanged: false,
        url: '/v1/eden/rosters/r_8fK2mQ9xLp',
      },
    },
  },
  'eden.revealRoster': {
    200: {
      summary: 'A sealed list revealed by its owner',
      value: {
        id: 'r_8fK2mQ9xLp',
        sealed: false,
        rosterSha256: LEAGUE_SHA,
        roster: { bandType: 'faction', fighters: [{ ref: 'yuri' }] },
        validation: rosterValidation,
        createdAt: CREATED_AT,
        rulesChanged: false,
        sealedUntil: '2026-03-06T19:00:00.000Z',
        revealedAt: '2026-03-06T18:45:00.000Z',
        url: '/v1/eden/rosters/r_8fK2mQ9xLp',
      },
    },
  },
  'eden.diffRosters': {
    200: {
      summary: 'A helmet added to Yûri',
      value: {
        added: [],
        removed: [],
        changed: [
          {
            name: 'Yûri',
            fromIndex: 0,
            toIndex: 0,
            changes: [{ path: '/equipment/2', from: null, to: { name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } } }],
          },
        ],
        band: [],
        totals: { from: { value: 25, budget: 100, strategyPoints: 4 }, to: { value: 25, budget: 100, strategyPoints: 4 } },
        valid: { from: true, to: true },
      },
    },
  },
  'eden.createCatalog': { 201: { summary: 'Version 1 of a league catalog', value: { id: CATALOG_ID, version: 1, sha256: LEAGUE_SHA, createdAt: CREATED_AT } } },
  'eden.updateCatalog': { 200: { summary: 'Its next version', value: { id: CATALOG_ID, version: 2, sha256: LEAGUE_SHA, createdAt: CREATED_AT } } },
  'eden.getCatalog': {
    200: {
      summary: 'Version 1 of a league catalog',
      value: {
        id: CATALOG_ID,
        version: 1,
        latestVersion: 2,
        sha256: LEAGUE_SHA,
        createdAt: CREATED_AT,
        catalog: {
          name: 'Winter league 2026',
          fighters: [
            {
              id: 'vladd',
              name: 'Vladd',
              faction: 'jokers',
              stigma: 'chaos',
              value: 30,
              limbs: {
                head: { white: 2, red: 1, faces: [1], normal: 3, wounded: 2 },
                arms: { white: 2, red: 1, faces: [2, 3], normal: 6, wounded: 5 },
                torso: { white: 2, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
                legs: { white: 2, red: 1, faces: [6], normal: 4, wounded: 3 },
              },
            },
          ],
        },
      },
    },
  },
  'receipts.jwks': {
    200: { summary: 'One signing key', value: { keys: [{ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', kid: 'k1', alg: 'EdDSA', use: 'sig' }] } },
  },
  'games.list': {
    200: {
      summary: 'The four games',
      value: GAME_INFO,
    },
  },
  'games.commands': {
    200: {
      summary: 'EDEN (shortened: one setup command, one command)',
      value: {
        game: 'eden',
        setup: {
          players: PLAYERS,
          options: { edition: 'es' },
          commands: [{ type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [{ ref: 'yuri', id: 'a1' }] }],
        },
        commands: [
          {
            type: 'eden.activate',
            description:
              'EDEN-ACT-1..3: the First player names a fighter; `interruptions` lists the fighters named back and forth (each of strictly greater RAP); the last named is activated.',
            schema: {
              type: 'object',
              required: ['type', 'player', 'fighterId'],
              properties: {
                type: { const: 'eden.activate', type: 'string' },
                player: { anyOf: [{ const: 'A', type: 'string' }, { const: 'B', type: 'string' }, { minLength: 1, maxLength: 200, type: 'string' }] },
                fighterId: { minLength: 1, maxLength: 200, type: 'string' },
              },
            },
            example: { type: 'eden.activate', player: 'A', fighterId: 'a1' },
          },
        ],
      },
    },
  },
  'receipts.verify': {
    200: { summary: 'A valid receipt for this list', value: { valid: true, claims: { rosterSha256: '9f86d081884c7d65', valid: true, iss: 'arbiter' }, rosterMatches: true, kid: 'k1' } },
  },
  ...DICE_ROUTE_EXAMPLES,
};
