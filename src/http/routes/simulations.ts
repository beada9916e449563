/** simulations routes (filled by its issue). */
import type { FastifyInstance } from 'fastify';

export async function simulationRoutes(_app: FastifyInstance): Promise<void> {}
