import type { FastifyInstance } from 'fastify';

export async function blockedTimeRoutes(_app: FastifyInstance) {}
