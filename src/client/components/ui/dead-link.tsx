import { LinkIcon } from 'lucide-react';
import { telHref } from '../../../shared/tel-href';
import { useBusiness } from '../../lib/site-config';
import { buttonClass } from './button-styles';

/**
 * The page a private link shows once it opens nothing (a guest's booking, a quote): `title`, why
 * that may be (`reason`), where to look or whom to call, and two ways on: `links[0]` first.
 */
export function DeadLinkCard({ title, reason, links }: { title: string; reason: string; links: readonly [{ href: string; label: string }, { href: string; label: string }] }) {
  const business = useBusiness();
  return (
    <div className="rounded-xl border border-neutral-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <LinkIcon className="mx-auto h-12 w-12 text-gold-600" aria-hidden="true" />
      <h1 className="mt-4 font-display text-2xl font-bold text-ink-950 sm:text-3xl">{title}</h1>
      <p className="mx-auto mt-3 max-w-md text-neutral-700">
        {reason} Check the latest email from us, or
        {business?.phone ? (
          <>
            {' '}
            call us at{' '}
            <a className="font-semibold text-ink-950 underline" href={telHref(business.phone)}>
              {business.phone}
            </a>
            .
          </>
        ) : (
          ' contact us.'
        )}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {links.map(({ href, label }, i) => (
          <a key={href} href={href} className={buttonClass(i === 0 ? 'dark' : 'outline-dark', 'md')}>
            {label}
          </a>
        ))}
      </div>
    </div>
  );
}
