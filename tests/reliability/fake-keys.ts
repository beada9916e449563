/** An API-key store for HTTP tests that need verified keys but no database: `key-<id>` is valid. */
import type { FastifyInstance } from 'fastify';
import type { ApiKeyStore } from '../../src/app/ports.js';

export const fakeKeys: ApiKeyStore = {
  create: async () => Promise.reject(new Error('not in this test')),
  revoke: async () => false,
  resolve: async (key) => (key.startsWith('key-') ? { id: key.slice(4), name: key } : undefined),
  revokedAmong: async () => [],
};

/** testApp's `extend`: verified keys without a database. */
export const withFakeKeys = (app: FastifyInstance) => {
  app.services.apiKeys = fakeKeys;
};
