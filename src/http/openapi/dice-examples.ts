/**
 * Response examples of the hand-written dice routes and of the blind-roll 201 (CONTRACT §8.3),
 * computed by the same code that answers them, from fixed seeds.
 */
import type { NamedExample } from './operation-examples.js';
import { revealedAnswer } from '../../app/dice/blind.js';
import { sha256Hex } from '../../kernel/canonical-json.js';
import { diceDistributionOperation } from '../../app/dice/distribution.operation.js';
import { SeededDice } from '../../kernel/dice/index.js';

const ID = '9b2f4c1e-7a3d-4e5f-8c6b-0d1e2f3a4b5c';
const SERVER_SEED = '1f0c9a7e5b3d4c2a8e6f0b1d3c5a7e9f2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f1a';
const CREATED = Date.parse('2026-03-01T18:30:00.000Z');
const commitment = sha256Hex(SERVER_SEED);

const reveal = () => {
  const roll = { id: ID, notation: '3d6+1d4[bonus]', repeat: null, serverSeed: SERVER_SEED, commitment, createdAt: CREATED, expiresAt: CREATED + 7 * 86_400_000, clientSeed: 'player-42', revealedAt: CREATED + 60_000 };
  return { ...revealedAnswer(roll, 'en') };
};

const distribution = () => diceDistributionOperation.handle({ notation: '2d6' }, { lang: 'en', dice: () => new SeededDice('example') });

/** operationId → status → example. */
export const DICE_ROUTE_EXAMPLES: Record<string, Record<string, NamedExample>> = {
  'dice.roll': {
    201: {
      summary: 'A blind roll: the commitment, no result yet',
      value: { id: ID, notation: '3d6+1d4[bonus]', commitment, createdAt: new Date(CREATED).toISOString(), expiresAt: new Date(CREATED + 7 * 86_400_000).toISOString() },
    },
  },
  'dice.reveal': { 200: { summary: 'The roll, with both seeds (clientSeed "player-42")', value: reveal() } },
  'dice.blindRoll': {
    201: {
      summary: 'The commitment, no result yet',
      value: { id: ID, notation: '3d6+1d4[bonus]', commitment, createdAt: new Date(CREATED).toISOString(), expiresAt: new Date(CREATED + 7 * 86_400_000).toISOString() },
    },
  },
  'dice.revealBlindRoll': { 200: { summary: 'The roll, with both seeds (clientSeed "player-42")', value: reveal() } },
  'dice.distributionLink': { 200: { summary: 'GET /v1/dice/distribution?notation=2d6', value: distribution() } },
};
