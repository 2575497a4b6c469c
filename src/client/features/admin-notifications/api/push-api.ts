import { useQuery } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';
import { messageSchema } from '../../../../shared/schemas/common';
import {
  pushPublicKeySchema,
  pushSubscriptionResponseSchema,
  pushSubscriptionsResponseSchema,
  type CreatePushSubscriptionInput,
} from '../../../../shared/schemas/push';

/** Query keys of the owner's push devices. The first element is the URL its fetcher reads. */
export const pushKeys = {
  subscriptions: () => ['/api/admin/push-subscriptions'] as const,
};

export function usePushSubscriptions() {
  const queryKey = pushKeys.subscriptions();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], pushSubscriptionsResponseSchema) });
}

export const getPushPublicKey = () => getJson('/api/admin/push/public-key', pushPublicKeySchema);

export const createPushSubscription = (input: CreatePushSubscriptionInput) => apiJson('POST', '/api/admin/push-subscriptions', pushSubscriptionResponseSchema, input);

export const deletePushSubscription = (endpoint: string) => apiJson('DELETE', '/api/admin/push-subscriptions', messageSchema, { endpoint });
