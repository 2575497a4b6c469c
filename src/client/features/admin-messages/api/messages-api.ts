import { useQuery } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';
import { useRefreshingMutation } from '../../../lib/admin-api';
import { contactSubmissionsResponseSchema, outboxEmailsResponseSchema } from '../../../../shared/schemas/admin';
import { messageSchema } from '../../../../shared/schemas/common';

export type EmailFilter = '' | 'failed' | 'pending';

/** Query keys of the contact messages and email problems. The first element is the URL its fetcher reads. */
export const messageKeys = {
  messages: () => ['/api/admin/contact-submissions'] as const,
  emails: (status: EmailFilter) => [status ? `/api/admin/emails?${new URLSearchParams({ status }).toString()}` : '/api/admin/emails'] as const,
};

export function useContactSubmissions() {
  const queryKey = messageKeys.messages();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], contactSubmissionsResponseSchema) });
}

export function useEmailProblems(status: EmailFilter) {
  const queryKey = messageKeys.emails(status);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], outboxEmailsResponseSchema) });
}

export function retryEmail(id: number) {
  return apiJson('POST', `/api/admin/emails/${id}/retry`, messageSchema);
}

export const useRetryEmail = () => useRefreshingMutation(retryEmail, '/api/admin/emails');
