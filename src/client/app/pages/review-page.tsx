import { Link, useParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles';
import { ApiError } from '../../lib/api';
import { useBusiness } from '../../lib/site-config';
import { REVIEW_LINK_INVALID_MESSAGE } from '../../../shared/schemas/reviews';
import { useReviewRequest } from '../../features/reviews/api/reviews-api';
import { ReviewAlreadySent, ReviewForm, ReviewThanks } from '../../features/reviews/components/review-form';
import { useFormPost } from '../../lib/form-post';
import { PAGE_META, usePageMeta } from '../meta';

/** /review/{token}: the page the "How did we do?" email links to. */
export default function ReviewPage() {
  usePageMeta(PAGE_META['/review']);
  const { token = '' } = useParams();
  const request = useReviewRequest(token);
  const business = useBusiness();
  // The server's word on a review posted without JavaScript, or on a dead link (it renders this page too).
  const post = useFormPost('review');

  let body;
  if (post?.done === 'sent') {
    body = <ReviewThanks />;
  } else if (post?.done === 'already') {
    body = <ReviewAlreadySent />;
  } else if (request.isPending && !post?.linkInvalid) {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 py-10 text-neutral-700">
        <Loader2 className="h-5 w-5 animate-spin text-gold-600" aria-hidden="true" />
        Loading your review link...
      </div>
    );
  } else if (request.isError || !request.isSuccess) {
    const dead = !request.isError || (request.error instanceof ApiError && request.error.status === 404);
    body = (
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
          {dead ? REVIEW_LINK_INVALID_MESSAGE : 'We could not open your review link. Please reload the page or try again later.'}
        </p>
        <p className="text-neutral-700">
          Want to tell us how it went? Send us a message
          {business ? (
            <>
              {' '}or call us at{' '}
              <a href={business.telHref} className="font-semibold text-ink-950 underline underline-offset-4">
                {business.phone}
              </a>
            </>
          ) : null}
          .
        </p>
        <Link to="/contact" className={buttonClass('dark', 'md')}>
          Contact Us
        </Link>
      </div>
    );
  } else {
    body = <ReviewForm token={token} request={request.data} />;
  }

  return (
    <div className="bg-neutral-50">
      <section aria-labelledby="review-heading" className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12 lg:py-16">
        <div className="rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 id="review-heading" className="mb-4 font-display text-2xl font-bold text-ink-950 sm:text-3xl">
            How did we do?
          </h1>
          {body}
        </div>
      </section>
    </div>
  );
}
