import { BadgeCheck, EyeOff, Star } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import type { AdminReview } from '../../../../shared/schemas/reviews';
import { useAdminReviews, useHideReview, usePublishReview } from '../api/reviews-api';
import { formatInstant } from '../../../lib/admin-format';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { cardClass, goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';

const SECTIONS = [
  { status: 'pending', heading: 'Waiting for you', empty: 'No new reviews to read.' },
  { status: 'published', heading: 'Published', empty: 'No published reviews yet.' },
  { status: 'hidden', heading: 'Hidden', empty: 'No hidden reviews.' },
] as const;

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="flex">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden="true" className={`h-5 w-5 ${i < rating ? 'fill-gold-400 text-gold-500' : 'text-neutral-300'}`} />
      ))}
    </span>
  );
}

/** What the owner can do with a review: the section it moves it to, and what it says while and after it runs. */
const ACTIONS = {
  publish: { status: 'published', label: 'Publish', pendingLabel: 'Publishing...', done: 'Review Published', Icon: BadgeCheck, className: goldButtonClass },
  hide: { status: 'hidden', label: 'Hide', pendingLabel: 'Hiding...', done: 'Review Hidden', Icon: EyeOff, className: outlineButtonClass },
} as const;

function ReviewCard({ review }: { review: AdminReview }) {
  const mutations = { publish: usePublishReview(), hide: useHideReview() };
  const busy = mutations.publish.isPending || mutations.hide.isPending;

  function run(action: keyof typeof ACTIONS) {
    // mutateAsync: the refreshed list moves this card to another section (a remount), and
    // mutate's own callbacks would not run then.
    mutations[action].mutateAsync(review.id).then(
      (result) => toast({ title: ACTIONS[action].done, description: result.message, variant: 'success' }),
      (err: unknown) => toast({ title: 'Action Failed', description: errorMessage(err, 'Could not update the review. Please try again.'), variant: 'destructive' }),
    );
  }

  // A review offers the actions that move it out of its section.
  const actions = (['publish', 'hide'] as const).filter((action) => review.status !== ACTIONS[action].status);

  return (
    <li className={`${cardClass} space-y-3 p-4`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars rating={review.rating} />
        <span className="text-sm text-neutral-700">Sent {formatInstant(review.submittedAt)}</span>
      </div>
      <blockquote className="whitespace-pre-line break-words text-neutral-900">“{review.comment}”</blockquote>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-semibold text-neutral-900">Shown as</dt>
        <dd className="break-words text-neutral-700">{review.displayName}</dd>
        <dt className="font-semibold text-neutral-900">Customer</dt>
        <dd className="break-words text-neutral-700">
          {review.customerName} · booking #{review.bookingId}
        </dd>
        <dt className="font-semibold text-neutral-900">Job</dt>
        <dd className="text-neutral-700">
          {review.serviceName}, {review.month}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const { label, pendingLabel, Icon, className } = ACTIONS[action];
          return (
            <button key={action} type="button" className={className} disabled={busy} onClick={() => run(action)}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {mutations[action].isPending ? pendingLabel : label}
              <span className="sr-only"> the review by {review.displayName}</span>
            </button>
          );
        })}
      </div>
    </li>
  );
}

/** Customers' reviews from the emailed links: new ones first, to publish on the site or hide. */
export function ReviewsPanel() {
  const reviews = useAdminReviews();
  const list = reviews.data?.reviews ?? [];

  if (reviews.isPending) return <PanelLoading label="Loading reviews..." />;
  if (reviews.isError) return <PanelError error={reviews.error} fallback="Could not load reviews. Please reload the page." />;
  return (
    <div className="space-y-6">
      <p className="text-sm text-neutral-700">
        Marking a job completed emails the customer a link to review it. Published reviews show on the home and testimonials pages as &lsquo;Verified customer&rsquo;.
      </p>
      {list.length === 0 ? (
        <PanelEmpty>No reviews yet. They arrive here after customers answer the review email.</PanelEmpty>
      ) : (
        SECTIONS.map(({ status, heading, empty }) => {
          const items = list.filter((r) => r.status === status);
          return (
            <section key={status} aria-labelledby={`reviews-${status}`} className="space-y-3">
              <h2 id={`reviews-${status}`} className="text-lg font-bold text-ink-950">
                {heading} <span className="text-base font-semibold text-neutral-600">({items.length})</span>
              </h2>
              {items.length === 0 ? <p className="text-sm text-neutral-700">{empty}</p> : <ul className="space-y-3">{items.map((r) => <ReviewCard key={r.id} review={r} />)}</ul>}
            </section>
          );
        })
      )}
    </div>
  );
}
