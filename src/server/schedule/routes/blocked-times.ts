import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockTime, listBlockedTimes, unblockTime, UNBLOCKED_MESSAGE } from '../services/blocked-times';
import { idParamSchema, messageSchema } from '../../../shared/schemas/common';
import {
  blockedTimeResponseSchema,
  blockedTimesQuerySchema,
  blockedTimesResponseSchema,
  blockTimeSchema,
} from '../../../shared/schemas/dashboard';
import { clockDeps } from '../../route-deps';

export async function blockedTimeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/calendar/blocked-times',
    { onRequest: app.requireUser, schema: { querystring: blockedTimesQuerySchema, response: { 200: blockedTimesResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { blockedTimes: await listBlockedTimes(app.db, request.user!.id, request.query) };
    },
  );

  app.post(
    '/calendar/add-event',
    { onRequest: app.requireUser, schema: { body: blockTimeSchema, response: { 201: blockedTimeResponseSchema } } },
    async (request, reply) => {
      const blockedTime = await blockTime(clockDeps(app), request.user!, request.body);
      return reply.status(201).send({ blockedTime });
    },
  );

  app.delete(
    '/calendar/blocked-time/:id',
    { onRequest: app.requireUser, schema: { params: idParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      await unblockTime(app.db, request.user!.id, request.params.id);
      return { message: UNBLOCKED_MESSAGE };
    },
  );
}
