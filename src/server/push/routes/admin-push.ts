import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../shared/schemas/common';
import {
  createPushSubscriptionSchema,
  deletePushSubscriptionSchema,
  pushPublicKeySchema,
  pushSubscriptionResponseSchema,
  pushSubscriptionsResponseSchema,
} from '../../../shared/schemas/push';
import { listSubscriptions, pushPublicKey, subscribe, unsubscribe } from '../services/subscriptions';

/** The owner's devices for push notifications (decision 0023). Under /api/admin: owner only. */
export async function adminPushRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/push/public-key', { schema: { response: { 200: pushPublicKeySchema } } }, async () => pushPublicKey(app.db));

  app.get('/push-subscriptions', { schema: { response: { 200: pushSubscriptionsResponseSchema } } }, async (request) => ({
    subscriptions: await listSubscriptions(app.db, request.user!.id),
  }));

  app.post('/push-subscriptions', { schema: { body: createPushSubscriptionSchema, response: { 201: pushSubscriptionResponseSchema } } }, async (request, reply) => {
    const subscription = await subscribe({ db: app.db, now: app.now(), allowPrivateHosts: app.config.pushAllowPrivateHosts }, request.user!.id, request.body);
    return reply.code(201).send({ subscription });
  });

  app.delete('/push-subscriptions', { schema: { body: deletePushSubscriptionSchema, response: { 200: messageSchema } } }, async (request) =>
    unsubscribe(app.db, request.user!.id, request.body.endpoint),
  );
}
