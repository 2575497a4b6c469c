import { lazy, Suspense } from 'react';
import { Island } from '../../../islands/island';
import { useFormPost } from '../../../lib/form-post';
import { ContactFormPlaceholder } from './contact-form-placeholder';

const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));

/**
 * The contact form with its validation code (zod, react-hook-form) split off. On a public page
 * it is an island that hydrates when it nears the viewport or is touched; the Suspense boundary
 * stays outside the island, whose HTML must be the form alone.
 */
export function LazyContactForm({ headingLevel, anchorId }: { headingLevel: 2 | 3; anchorId: string }) {
  const formPost = useFormPost('contact');
  return (
    <div id={anchorId}>
      <Suspense fallback={<ContactFormPlaceholder />}>
        <Island name="contact-form" component={ContactForm} props={{ headingLevel, idPrefix: anchorId, formPost }} />
      </Suspense>
    </div>
  );
}
