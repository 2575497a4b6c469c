import { BadgeCheck } from 'lucide-react';
import type { Testimonial } from '../../../../shared/schemas/content';

/** 'Verified customer' with the service and month of the job, for a customer's published review. */
export function VerifiedMark({ testimonial, tone = 'light' }: { testimonial: Testimonial; tone?: 'light' | 'dark' }) {
  if (!testimonial.verified) return null;
  const job = [testimonial.serviceType, testimonial.month].filter(Boolean).join(', ');
  const dark = tone === 'dark';
  return (
    <div className={`text-sm ${dark ? 'text-center text-neutral-200' : 'text-neutral-700'}`}>
      <p className={`flex items-center gap-1.5 font-semibold ${dark ? 'justify-center text-gold-200' : 'text-ink-950'}`}>
        <BadgeCheck aria-hidden="true" className={`h-4 w-4 shrink-0 ${dark ? 'text-gold-300' : 'text-gold-700'}`} />
        Verified customer
      </p>
      {job && <p className="mt-0.5">{job}</p>}
    </div>
  );
}
