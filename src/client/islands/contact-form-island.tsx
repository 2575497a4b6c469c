import { Toaster } from '../components/ui/toaster';
import { ContactForm, type ContactFormProps } from '../features/contact/components/contact-form';

/**
 * The contact form as an island, with the toasts it shows (the app has its own Toaster; a public
 * page has none). The Toaster renders nothing until a toast or idle time, so the server's HTML of
 * the form alone hydrates.
 */
export function ContactFormIsland(props: ContactFormProps) {
  return (
    <>
      <ContactForm {...props} />
      <Toaster />
    </>
  );
}
