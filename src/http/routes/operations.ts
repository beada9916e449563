/** REST adapter: one route per operation of the registry, validated by its TypeBox body schema. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { operations } from '../../app/registry.js';
import type { Operation, OperationContext } from '../../app/operation.js';
import { pickLanguage } from '../../app/i18n.js';
import { diceFor } from '../../games/dice/index.js';
import { problemResponses } from '../schemas.js';

/** Dice of a request: fixed, seeded, or seeded with a fresh random UUID (one function for every request). */
const requestDice: OperationContext['dice'] = (spec) => diceFor(spec, randomUUID);

export function contextFor(request: FastifyRequest): OperationContext {
  return {
    lang: pickLanguage(request.headers['accept-language']),
    dice: requestDice,
  };
}

export async function operationRoutes(app: FastifyInstance): Promise<void> {
  for (const op of operations as Operation<any>[]) {
    app.route({
      method: op.method,
      url: op.path,
      schema: {
        operationId: op.id,
        tags: op.tags,
        summary: op.summary,
        description: op.description,
        ...(op.body ? { body: op.examples?.length ? { ...op.body, examples: op.examples.map((e) => e.value) } : op.body } : {}),
        response: { 200: op.response, ...problemResponses(op.body ? [400, 422, 429] : [429]) },
      },
      handler: async (request) => op.handle(request.body, contextFor(request)),
    });
  }
}
