import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '../../shared/schemas/common';
import { apiJson, type ResponseSchema } from './api';
import { invalidateUrls } from './invalidate';

/**
 * The owner's writes to one list of records at `url` (`/api/admin/testimonials`): add one, change
 * or delete one by id, put them all in a new order. Each reply is parsed as its route answers: the
 * record, a message for a delete, the whole list (`listSchema`) for a new order.
 */
export function adminListCalls<TItem, TInput>(url: string, itemSchema: ResponseSchema<TItem>, listSchema: ResponseSchema<TItem[]>) {
  return {
    create: (values: TInput) => apiJson('POST', url, itemSchema, values),
    update: ({ id, values }: { id: number; values: TInput }) => apiJson('PUT', `${url}/${id}`, itemSchema, values),
    remove: (id: number) => apiJson('DELETE', `${url}/${id}`, messageSchema),
    reorder: (ids: number[]) => apiJson('PUT', `${url}/order`, listSchema, { ids }),
  };
}

/** A write that, once it succeeds, refetches every query whose URL starts with one of `urls`. */
export function useRefreshingMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, ...urls: string[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateUrls(client, ...urls) });
}
