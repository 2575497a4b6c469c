import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import type { z } from 'zod';
import { contactSchema, type ContactInput } from '../../../../shared/schemas/contact';
import type { FormPost } from '../../../../shared/form-post';
import { buttonClass } from '../../../components/ui/button-styles';
import { toast } from '../../../components/ui/use-toast';
import { FormNotice } from '../../../components/ui/form-notice';
import { IslandField, islandInputClass } from '../../../components/ui/island-field';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldError } from '../../../lib/form-post';
import { getRecaptchaToken } from '../../../lib/recaptcha';
import { getSiteConfig } from '../../../lib/site-config';
import { sendContactMessage } from '../api/send-contact-message';

type FormValues = z.input<typeof contactSchema>;
const FIELDS = ['fullName', 'email', 'subject', 'message'] as const;
const EMPTY: FormValues = { fullName: '', email: '', subject: '', message: '' };

const CONTACT_SENT = { title: 'Message Sent', description: "Thank you for contacting us. We'll get back to you soon!" };

/**
 * 'Send Us a Message': validated with the shared schema, reCAPTCHA when configured, toasts.
 * Without JavaScript it posts to /contact, which answers with this form again (the server's
 * messages, what was typed) or redirects to /contact?sent=1.
 */
export interface ContactFormProps {
  headingLevel?: 2 | 3;
  /** Starts the fields' ids; explicit, not useId, since the form hydrates as an island of its own. */
  idPrefix: string;
  /** The server's answer to this form posted without JavaScript, if the page is one. */
  formPost?: FormPost | null;
}

export function ContactForm({ headingLevel = 2, idPrefix, formPost = null }: ContactFormProps) {
  const Heading = `h${headingLevel}` as const;
  const post = formPost?.form === 'contact' ? formPost : null;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors: ownErrors, isSubmitting, isSubmitted },
  // No defaultValues: the form hydrates late (an island, see LazyContactForm), and without them
  // react-hook-form keeps what the visitor typed into the server-rendered fields meanwhile (the
  // server's copy of a post made without JavaScript is the fields' defaultValue).
  } = useForm<FormValues, unknown, ContactInput>({ resolver: zodResolver(contactSchema) });
  // The server's answer shows until the visitor submits here (a reset after sending clears isSubmitted).
  const [postShown, setPostShown] = useState(true);
  const showPost = postShown && !isSubmitted;
  const errors = Object.fromEntries(FIELDS.map((f) => [f, fieldError(ownErrors[f], post, !showPost, f)])) as Partial<Record<(typeof FIELDS)[number], { message?: string }>>;
  const typed = (name: (typeof FIELDS)[number]) => post?.values?.[name];

  const onSubmit = async (values: ContactInput) => {
    setPostShown(false);
    let recaptchaToken: string | undefined;
    try {
      // Read here only when needed (an island has no query cache to share it with).
      const config = await getSiteConfig();
      recaptchaToken = await getRecaptchaToken(config.recaptcha.enabled ? config.recaptcha.siteKey : null, 'contact_submit');
    } catch {
      toast({ title: 'Error', description: 'reCAPTCHA verification failed. Please try again.', variant: 'destructive' });
      return;
    }
    try {
      await sendContactMessage({ ...values, recaptchaToken });
      toast({ ...CONTACT_SENT, variant: 'success' });
      reset(EMPTY);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const field of FIELDS) {
          const message = err.errors[field];
          if (message) setError(field, { type: 'server', message });
        }
      }
      toast({ title: 'Error', description: errorMessage(err, 'Failed to send message'), variant: 'destructive' });
    }
  };

  // Marks the form interactive (it hydrates after the first view; tests wait for this).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const id = (name: string) => `${idPrefix}-${name}`;
  const pending = isSubmitting;

  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8">
      <Heading className="font-display text-2xl font-bold text-ink-950">Send Us a Message</Heading>
      {showPost && post?.done === 'sent' && (
        <div className="mt-4">
          <FormNotice {...CONTACT_SENT} tone="success" />
        </div>
      )}
      {showPost && post?.message && (
        <div className="mt-4">
          <FormNotice title="Error" description={post.message} tone="error" />
        </div>
      )}
      <form
        method="post"
        action="/contact"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="mt-6 grid gap-5"
        aria-label="Send Us a Message"
        data-ready={ready ? 'true' : undefined}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <IslandField id={id('fullName')} label="Full Name" error={errors.fullName?.message}>
            {(a) => <input type="text" autoComplete="name" defaultValue={typed('fullName')} className={islandInputClass} {...register('fullName')} {...a} />}
          </IslandField>
          <IslandField id={id('email')} label="Email Address" error={errors.email?.message}>
            {(a) => <input type="email" autoComplete="email" inputMode="email" defaultValue={typed('email')} className={islandInputClass} {...register('email')} {...a} />}
          </IslandField>
        </div>
        <IslandField id={id('subject')} label="Subject" error={errors.subject?.message}>
          {(a) => <input type="text" defaultValue={typed('subject')} className={islandInputClass} {...register('subject')} {...a} />}
        </IslandField>
        <IslandField id={id('message')} label="Message" error={errors.message?.message}>
          {(a) => <textarea rows={5} defaultValue={typed('message')} className={`${islandInputClass} resize-y`} {...register('message')} {...a} />}
        </IslandField>
        <div>
          <button type="submit" disabled={pending} className={buttonClass('dark', 'lg', 'w-full sm:w-auto')}>
            <Send aria-hidden="true" className="h-4 w-4" />
            {pending ? 'Sending...' : 'Send Message'}
          </button>
        </div>
      </form>
    </div>
  );
}
