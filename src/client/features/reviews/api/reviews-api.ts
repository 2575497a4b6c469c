import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';
import { messageSchema } from '../../../../shared/schemas/common';
import { reviewRequestSchema, type SubmitReviewInput } from '../../../../shared/schemas/reviews';

/** Query keys of the review page; the first element is the URL read. */
export const reviewKeys = {
  request: (token: string) => [`/api/reviews/${encodeURIComponent(token)}`] as const,
};

export function getReviewRequest(token: string) {
  return getJson(reviewKeys.request(token)[0], reviewRequestSchema);
}

/** The job a review link is for. Never retried: a dead link answers 404 at once. */
export function useReviewRequest(token: string) {
  return useQuery({ queryKey: reviewKeys.request(token), queryFn: () => getReviewRequest(token), retry: false, staleTime: Infinity });
}

export function submitReview(input: { token: string; values: SubmitReviewInput }) {
  return apiJson('POST', `/api/reviews/${encodeURIComponent(input.token)}`, messageSchema, input.values);
}

export function useSubmitReview() {
  return useMutation({ mutationFn: submitReview });
}
