import type { FastifyInstance } from 'fastify';

export async function bookingRoutes(_app: FastifyInstance) {}
