import { lazy, Suspense } from 'react';
import { HydrationGate } from '../../../components/ui/hydration-gate';
import { ContactFormPlaceholder } from './contact-form-placeholder';

const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));

/**
 * The contact form with its validation code (zod, react-hook-form) split off: the server-rendered
 * form shows at once and becomes interactive on the first pointer or focus, or when idle.
 */
export function LazyContactForm({ headingLevel, anchorId }: { headingLevel: 2 | 3; anchorId: string }) {
  return (
    <div id={anchorId}>
      <Suspense fallback={<ContactFormPlaceholder />}>
        <HydrationGate anchorId={anchorId}>
          <ContactForm headingLevel={headingLevel} />
        </HydrationGate>
      </Suspense>
    </div>
  );
}
