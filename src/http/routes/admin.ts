/**
 * API-key administration (CONTRACT §0) and the key's self-description.
 * - POST /v1/admin/keys: `Authorization: Bearer $ADMIN_TOKEN` + `{"name"}` → 201 `{"id","name","key"}`;
 *   the key is shown once and stored hashed. No token → 401, wrong token → 403 (constant-time
 *   comparison), ADMIN_TOKEN not configured → 404 (the admin surface does not exist).
 * - DELETE /v1/admin/keys/{id}: revokes a key (204; 404 when unknown or already revoked).
 * - GET /v1/me: the owner of the calling API key (lets integrators check a key).
 * Admin authentication is one `onRequest` hook on the admin routes' plugin (src/http/plugins/auth.ts),
 * before the body is validated: an unauthenticated caller learns nothing about the body schema.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { HttpProblem, isOutage, unavailable } from '../../transport/problem.js';
import { problemResponses } from '../schemas.js';
import { authenticate, authenticateAdmin, requireApiKey } from '../plugins/auth.js';
import type { ApiKeyStore } from '../../app/ports.js';

export { tokenMatches } from '../plugins/auth.js';

const CreateKeyBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      // at least one visible character, no control characters
      pattern: '^(?=.*\\S)[^\\u0000-\\u001F\\u007F]+$',
      description: 'Who the key is for (a bot, a league site); shown back by GET /v1/me.',
      examples: ['discord-bot'],
    }),
  },
  { additionalProperties: true },
);
type CreateKeyBody = Static<typeof CreateKeyBody>;

const CreatedKey = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Key id: the tenant that owns matches and simulations.' }),
  name: Type.String(),
  key: Type.String({ description: 'The API key. Shown only in this response (stored as a SHA-256 hash): keep it.' }),
  createdAt: Type.String({ format: 'date-time' }),
});

const Owner = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() });

function store(request: FastifyRequest): ApiKeyStore {
  const keys = request.server.services.apiKeys;
  if (!keys) throw unavailable('API keys cannot be stored: no database is configured.');
  return keys;
}

async function guarded<T>(request: FastifyRequest, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    if (!isOutage(error)) request.log.error({ err: error }, `${what} failed`); // an outage is logged once
    throw unavailable(`${what} failed: the database does not answer; retry later.`);
  }
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(adminKeyRoutes);
  await app.register(async (me) => {
    // after validation, as every handler that resolves a key did (a rate-limited caller gets 429 first)
    authenticate(me, 'preHandler');
    me.get(
      '/v1/me',
      {
        schema: {
          operationId: 'whoAmI',
          tags: ['admin'],
          summary: 'The owner of the calling API key',
          description: 'Resolves `Authorization: Bearer <api key>` like every authenticated endpoint; 401 for a missing, unknown or revoked key.',
          security: [{ apiKey: [] }],
          response: { 200: Owner, ...problemResponses([401, 429, 503]) },
        },
      },
      async (request) => {
        const owner = await requireApiKey(request);
        return { id: owner.id, name: owner.name };
      },
    );
  });
}

/** The admin surface: every route needs ADMIN_TOKEN, checked before the body is validated. */
async function adminKeyRoutes(app: FastifyInstance): Promise<void> {
  authenticateAdmin(app);
  app.post<{ Body: CreateKeyBody }>(
    '/v1/admin/keys',
    {
      schema: {
        operationId: 'createApiKey',
        tags: ['admin'],
        summary: 'Create an API key',
        description:
          'Needs `Authorization: Bearer $ADMIN_TOKEN`. Answers the new key **once**; only its SHA-256 is stored, so a lost key cannot be recovered (create another one). ' +
          'Without ADMIN_TOKEN configured the admin endpoints answer 404.',
        security: [{ adminToken: [] }],
        body: CreateKeyBody,
        response: { 201: CreatedKey, ...problemResponses([400, 401, 403, 404, 429, 503]) },
      },
    },
    async (request, reply) => {
      const keys = store(request);
      const created = await guarded(request, 'Creating the API key', () => keys.create(request.body.name));
      reply.code(201).header('cache-control', 'no-store');
      return { id: created.id, name: created.name, key: created.key, createdAt: created.createdAt.toISOString() };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/admin/keys/:id',
    {
      schema: {
        operationId: 'revokeApiKey',
        tags: ['admin'],
        summary: 'Revoke an API key',
        description: 'Needs `Authorization: Bearer $ADMIN_TOKEN`. The key stops working at once; what it created stays stored.',
        security: [{ adminToken: [] }],
        params: Type.Object({ id: Type.String({ description: 'Key id from POST /v1/admin/keys' }) }),
        response: { 204: Type.Null({ description: 'Revoked' }), ...problemResponses([401, 403, 404, 429, 503]) },
      },
    },
    async (request, reply) => {
      const keys = store(request);
      const revoked = await guarded(request, 'Revoking the API key', () => keys.revoke(request.params.id));
      if (!revoked) throw new HttpProblem(404, 'not_found', `No active API key ${request.params.id}.`);
      return reply.code(204).send();
    },
  );
}
