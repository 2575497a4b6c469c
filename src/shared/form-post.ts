/** The forms that post to the server without JavaScript (and /book, which answers that it needs it). */
export type FormName = 'contact' | 'login' | 'register' | 'forgot' | 'review' | 'book' | 'estimate';

/**
 * What the server tells a page about a form posted without JavaScript, for the page it answers
 * with (values and errors, rendered per request and never cached) or redirects to (`done`, a
 * flag in the URL, no personal data). The page renders it, and the browser hydrates with it
 * (the root's `data-form`), so the HTML and the first client render agree.
 */
export interface FormPost {
  form: FormName;
  /** What the visitor typed, to fill the fields again; never a password. */
  values?: Record<string, string>;
  /** Field to message: the shared schema's messages, as the JSON API answers them. */
  errors?: Record<string, string>;
  /** The server's message for a refusal that is not one field's (the JS flow's toast). */
  message?: string;
  /** Sent: the success the JS flow shows; already: a review link used before. */
  done?: 'sent' | 'already';
  /** A review link that is unknown or used. */
  linkInvalid?: boolean;
}

/** The answer to a form posted without JavaScript when reCAPTCHA is on: the check runs in the browser. */
export const FORM_NEEDS_JAVASCRIPT_MESSAGE = 'This form needs JavaScript for its spam check. Please turn JavaScript on and send it again, or call us.';

/** The answer to /book posted before the page could run (the deposit is taken by card, in the page). */
export const BOOKING_NEEDS_JAVASCRIPT_MESSAGE =
  'Booking online needs JavaScript for the card payment. What you typed is kept below: wait for the page to finish loading (or turn JavaScript on), then press Continue to Payment again. Or call us to book.';

/**
 * The answer to /estimate posted before its script ran: the photos are sent by the page's script
 * (which shows them and checks them first).
 */
export const ESTIMATE_NEEDS_JAVASCRIPT_MESSAGE =
  'Sending photos needs this page to finish loading. Please wait a moment (or turn JavaScript on), then fill in the form, add your photos and press Send Request again. Or call us.';
