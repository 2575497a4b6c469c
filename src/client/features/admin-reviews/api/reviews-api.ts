import { useQuery } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';
import { useRefreshingMutation } from '../../../lib/admin-api';
import { adminReviewActionSchema, adminReviewsResponseSchema } from '../../../../shared/schemas/reviews';

/** Query keys of the customers' reviews. The first element is the URL its fetcher reads. */
export const reviewKeys = {
  all: () => ['/api/admin/reviews'] as const,
};

export function getAdminReviews() {
  return getJson(reviewKeys.all()[0], adminReviewsResponseSchema);
}

export function useAdminReviews() {
  return useQuery({ queryKey: reviewKeys.all(), queryFn: getAdminReviews });
}

export function publishReview(id: number) {
  return apiJson('POST', `/api/admin/reviews/${id}/publish`, adminReviewActionSchema);
}

export function hideReview(id: number) {
  return apiJson('POST', `/api/admin/reviews/${id}/hide`, adminReviewActionSchema);
}

/** Publishing or hiding changes the public testimonials too: refresh both. */
const REVIEW_URLS = ['/api/admin/reviews', '/api/testimonials'];

export const usePublishReview = () => useRefreshingMutation(publishReview, ...REVIEW_URLS);
export const useHideReview = () => useRefreshingMutation(hideReview, ...REVIEW_URLS);
