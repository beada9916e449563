/** matches routes (filled by its issue). */
import type { FastifyInstance } from 'fastify';

export async function matchRoutes(_app: FastifyInstance): Promise<void> {}
