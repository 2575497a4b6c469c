import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Controller } from 'react-hook-form';
import { BadgeCheck, Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { controlAria, FormField } from '../../../components/form-field';
import { buttonClass } from '../../../components/ui/button-styles';
import { toast } from '../../../components/ui/use-toast';
import { FormNotice } from '../../../components/ui/form-notice';
import { ApiError, errorMessage } from '../../../lib/api';
import { useFormPost } from '../../../lib/form-post';
import { usePostedForm } from '../../../lib/use-posted-form';
import {
  REVIEW_ALREADY_SUBMITTED_MESSAGE,
  REVIEW_COMMENT_MAX,
  REVIEW_NAME_MAX,
  submitReviewSchema,
  type ReviewRequest,
} from '../../../../shared/schemas/reviews';
import { useSubmitReview } from '../api/reviews-api';
import { StarPicker } from './star-picker';

const inputClass =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2.5 text-base text-neutral-900 shadow-sm placeholder:text-neutral-500 focus:border-gold-600 aria-[invalid=true]:border-red-700 sm:text-sm';

/** The done states: submitted now, or the link was used before (a 409). */
export function ReviewDone({ heading, text }: { heading: string; text: string }) {
  return (
    <div role="status" className="space-y-4 text-center">
      <BadgeCheck aria-hidden="true" className="mx-auto h-12 w-12 text-gold-600" />
      <h2 className="font-display text-2xl font-bold text-ink-950">{heading}</h2>
      <p className="text-neutral-700">{text}</p>
      <Link to="/testimonials" className={buttonClass('dark', 'md')}>
        Read Other Reviews
      </Link>
    </div>
  );
}

/** The thank-you after a review was sent (also the page /review/{token}?sent=1 a post without JavaScript lands on). */
export function ReviewThanks() {
  return <ReviewDone heading="Thank you!" text="Your review is in. It will appear on our website once we have read it." />;
}

/** The link was used before (a 409). */
export function ReviewAlreadySent() {
  return <ReviewDone heading="Already reviewed" text={REVIEW_ALREADY_SUBMITTED_MESSAGE} />;
}

/**
 * Stars, a comment with a counter and the shown name, for the job of one review link. Without
 * JavaScript it posts to /review/{token}, which answers with this form again (the messages, what
 * was typed) or redirects to /review/{token}?sent=1.
 */
export function ReviewForm({ token, request }: { token: string; request: ReviewRequest }) {
  const id = useId();
  const submit = useSubmitReview();
  const post = useFormPost('review');
  const [done, setDone] = useState<'thanks' | 'already' | null>(post?.done === 'already' ? 'already' : null);
  const postedRating = Number(post?.values?.rating);
  // The comment and the name are not given here: they keep what was typed into the server's
  // HTML before the page could run (their defaultValue is the server's copy).
  const { form, errors, postMessage, hidePost, setApiErrors } = usePostedForm('review', submitReviewSchema, ['rating', 'comment', 'displayName'], {
    rating: Number.isInteger(postedRating) && postedRating >= 1 && postedRating <= 5 ? postedRating : undefined,
  });
  const isPending = form.formState.isSubmitting || submit.isPending;
  const length = (form.watch('comment') ?? post?.values?.comment ?? '').length;

  async function onSubmit(values: z.output<typeof submitReviewSchema>) {
    hidePost();
    try {
      await submit.mutateAsync({ token, values });
      setDone('thanks');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setDone('already');
        return;
      }
      setApiErrors(err);
      toast({ title: 'Could not send your review', description: errorMessage(err, 'Please try again in a moment.'), variant: 'destructive' });
    }
  }

  if (done === 'thanks') return <ReviewThanks />;
  if (done === 'already') return <ReviewAlreadySent />;

  const counterId = `${id}-counter`;
  const commentErrorId = `${id}-comment-error`;
  return (
    <>
      <p className="mb-6 text-neutral-700">
        Your <strong className="text-ink-950">{request.serviceName}</strong> job in {request.month}. Your review helps your neighbors choose with confidence.
      </p>
      {postMessage && (
        <div className="mb-6">
          <FormNotice title="Could not send your review" description={postMessage} tone="error" />
        </div>
      )}
      <form method="post" action={`/review/${encodeURIComponent(token)}`} noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" aria-label="Write a review">
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => <StarPicker value={field.value as number | undefined} onChange={field.onChange} onBlur={field.onBlur} error={errors.rating?.message} />}
        />
        <FormField id={`${id}-comment`} label="Your review">
          <textarea
            id={`${id}-comment`}
            rows={6}
            maxLength={REVIEW_COMMENT_MAX}
            placeholder="What did we do, and how did it go?"
            className={inputClass}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={[counterId, errors.comment ? commentErrorId : null].filter(Boolean).join(' ')}
            defaultValue={post?.values?.comment}
            {...form.register('comment')}
          />
          <div className="mt-1 flex flex-wrap justify-between gap-2 text-sm">
            {errors.comment?.message ? (
              <p id={commentErrorId} className="font-medium text-red-700">
                {errors.comment.message}
              </p>
            ) : (
              <span />
            )}
            <p id={counterId} className="text-neutral-600">
              {length.toLocaleString('en-US')} / {REVIEW_COMMENT_MAX.toLocaleString('en-US')} characters
            </p>
          </div>
        </FormField>
        <FormField id={`${id}-name`} label="Name shown with your review" hint="Your first name and last initial, unless you change it." error={errors.displayName?.message}>
          <input
            type="text"
            maxLength={REVIEW_NAME_MAX}
            autoComplete="off"
            className={inputClass}
            {...controlAria(`${id}-name`, errors.displayName?.message, true)}
            defaultValue={post?.values?.displayName ?? request.displayName}
            {...form.register('displayName')}
          />
        </FormField>
        <button type="submit" className={buttonClass('dark', 'lg', 'w-full sm:w-auto')} disabled={isPending}>
          {isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {isPending ? 'Sending...' : 'Submit Review'}
        </button>
      </form>
    </>
  );
}
