import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';

/** The way back out of the sign-in and password screens, above their card. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-6 inline-flex items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm font-medium text-neutral-900 shadow-sm hover:border-gold-500 hover:bg-gold-50"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** The white card of the sign-in and password screens, under its page heading (`headingId`). */
export function AuthCard({ headingId, heading, children }: { headingId: string; heading: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 id={headingId} className="font-display text-2xl font-bold text-ink-950 sm:text-3xl">
        {heading}
      </h1>
      {children}
    </div>
  );
}
