import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ESTIMATE_NEEDS_JAVASCRIPT_MESSAGE, FORM_NEEDS_JAVASCRIPT_MESSAGE, type FormName, type FormPost } from '../../shared/form-post';
import { CLIENT_ROUTE_PATTERNS, CLIENT_ROUTES, REVIEW_ROUTE } from '../../shared/routes';
import { forgotPasswordSchema, loginSchema, registerSchema } from '../../shared/schemas/auth';
import { contactSchema } from '../../shared/schemas/contact';
import { submitReviewSchema } from '../../shared/schemas/reviews';
import { AppError, ValidationError } from '../errors';
import { errorReply, fieldErrors, logErrorReply } from './errors';
import { login, register, requestPasswordReset, checkRecaptcha, FORGOT_PASSWORD_LIMIT, LOGIN_LIMIT, REGISTER_LIMIT, setSessionCookie } from '../accounts';
import { submitContactMessage, CONTACT_LIMIT } from '../messaging';
import type { EncodedBody } from './encoded-body';
import type { PageRenderer, PageVariant } from './pages';
import { getReviewRequest, submitReview, SUBMIT_REVIEW_LIMIT } from '../reviews';

const MINUTE = 60_000;
type Fields = Record<string, string>;

/** The fields each form shows again after a refusal: what was typed, never a password. */
const KEPT_FIELDS: Record<FormName, readonly string[]> = {
  contact: ['fullName', 'email', 'subject', 'message'],
  login: ['email'],
  register: ['fullName', 'email', 'phone'],
  forgot: ['email'],
  review: ['rating', 'comment', 'displayName'],
  book: ['serviceType', 'fullName', 'phone', 'email', 'address', 'specialInstructions'],
  estimate: ['description', 'address', 'fullName', 'email', 'phone', 'preferredDays'],
};

/** The form's fields as strings (a urlencoded body; anything else is no field at all). */
function fieldsOf(body: unknown): Fields {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function kept(form: FormName, body: unknown): Fields {
  const fields = fieldsOf(body);
  return Object.fromEntries(KEPT_FIELDS[form].filter((name) => name in fields).map((name) => [name, fields[name]]));
}

/** The same shared schema and messages as the JSON API: a refusal is the API's VALIDATION_ERROR. */
function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw new ValidationError(Object.values(errors)[0] ?? 'Some fields are not valid.', errors);
}

/**
 * The pages the flags after a form's redirect show (no personal data: a flag, kept in the page
 * cache like the page itself), and the queries the sign-in page reads (/login?forgot=1...): the
 * server renders each of these once, so the browser hydrates the same page it was sent.
 */
export function pageVariant(route: string, query: unknown): { search: string; formPost: FormPost | null } {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  if (route === '/contact') return q.sent === '1' ? { search: '?sent=1', formPost: { form: 'contact', done: 'sent' } } : { search: '', formPost: null };
  if (route === '/estimate') return q.sent === '1' ? { search: '?sent=1', formPost: { form: 'estimate', done: 'sent' } } : { search: '', formPost: null };
  if (route !== '/auth' && route !== '/login' && route !== '/register') return { search: '', formPost: null };
  const search = new URLSearchParams();
  let formPost: FormPost | null = null;
  if (q.forgot === '1') {
    search.set('forgot', '1');
    if (q.sent === '1') {
      search.set('sent', '1');
      formPost = { form: 'forgot', done: 'sent' };
    }
  } else if (q.registered === '1') {
    search.set('registered', '1');
    formPost = { form: 'register', done: 'sent' };
  }
  if (q.emailConfirmed === '0' || q.emailConfirmed === '1') search.set('emailConfirmed', q.emailConfirmed);
  if (q.signInLink === 'invalid') search.set('signInLink', 'invalid');
  const text = search.toString();
  return { search: text ? `?${text}` : '', formPost };
}

/**
 * A page rendered for one request (what was typed, a review link's job): never kept by the
 * browser or a proxy, brotli or gzip as the browser takes it.
 */
export function sendPrivatePage(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  reply.header('cache-control', 'no-store').header('vary', 'accept-encoding').type(body.type);
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const [payload, encoding] = body.br && /\bbr\b/.test(accepts) ? [body.br, 'br'] : body.gzip && /\bgzip\b/.test(accepts) ? [body.gzip, 'gzip'] : [body.raw, null];
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(payload);
}

/** The page of a review link: the job it is for, or the dead link's message (the same for unknown and used). */
export async function reviewPageVariant(app: FastifyInstance, token: string, formPost: FormPost | null): Promise<PageVariant> {
  if (formPost?.done) return { formPost };
  try {
    const request = await getReviewRequest(app.db, token);
    return { formPost, state: { [`/api/reviews/${encodeURIComponent(token)}`]: request } };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'NOT_FOUND') throw err;
    return { formPost: { ...(formPost ?? { form: 'review' }), linkInvalid: true } };
  }
}

/**
 * The forms of the server-rendered pages, posted as a browser does without JavaScript
 * (application/x-www-form-urlencoded) to the page's own URL: the same schemas, messages, services
 * and rate-limit counters as the JSON API the page uses when it runs. A success redirects
 * (303, post/redirect/get) to a page that shows the JS flow's success texts, with a flag and no
 * personal data in the URL; a refusal answers with the page itself, rendered for this request
 * (never cached), the server's messages inline and what was typed kept (never a password).
 * Only the site's own pages may post here (plugins/security.ts). See decision 0015.
 */
export async function formRoutes(app: FastifyInstance, opts: { pages: PageRenderer }) {
  const { pages } = opts;
  // Form bodies here only: the API stays JSON-only (a cross-site form cannot send JSON without a preflight).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /**
   * With reCAPTCHA on, its token comes from the page's script: a form posted without it is
   * refused at once, saying why (before its fields are checked, which would not help), and a
   * contact message is not stored. With reCAPTCHA off the services' own checks say 'off'.
   */
  function refuseWithoutBotCheck() {
    if (app.config.recaptcha) throw new AppError(FORM_NEEDS_JAVASCRIPT_MESSAGE, 'RECAPTCHA_FAILED');
  }

  /** The route's error handler: the page again, with the server's message and what was typed. */
  function answer(describe: (request: FastifyRequest) => { form: FormName; route: string; url: string; search?: string }) {
    return async (raw: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const result = errorReply(raw);
      logErrorReply(request, reply, result);
      const { status, body } = result;
      const { form, route, url, search } = describe(request);
      const formPost: FormPost = { form, values: kept(form, request.body) };
      if (body.code === 'VALIDATION_ERROR' && body.errors) formPost.errors = body.errors;
      else if (form === 'review' && status === 409) formPost.done = 'already';
      // The API's sentence asks for JSON; a form's body is only ever a form's.
      else if (body.code === 'UNSUPPORTED_MEDIA_TYPE') formPost.message = 'Send this form from its page.';
      else if (form !== 'book') formPost.message = body.message;
      try {
        const variant = form === 'review' ? await reviewPageVariant(app, (request.params as { token: string }).token, formPost) : { formPost };
        return sendPrivatePage(request, reply.status(status), await pages.renderOnce(route, url, { ...variant, search }));
      } catch (err) {
        // The page cannot be rendered (the database is away): the error as the API says it.
        const fallback = errorReply(err as FastifyError);
        const reason = fallback.status >= 500 ? fallback : result;
        return reply.status(reason.status).type('application/json; charset=utf-8').send(reason.body);
      }
    };
  }

  const deps = () => ({ db: app.db, config: app.config, now: app.now() });

  app.post('/contact', { errorHandler: answer(() => ({ form: 'contact', route: '/contact', url: '/contact' })) }, async (request, reply) => {
    await app.spendLimit('POST /api/contact', request, app.limit(CONTACT_LIMIT.max, CONTACT_LIMIT.windowMs));
    refuseWithoutBotCheck();
    const { recaptchaToken: _none, ...message } = parseWith(contactSchema, fieldsOf(request.body));
    await submitContactMessage(app.db, message, {
      now: app.now(),
      businessEmail: app.config.businessEmail,
      timeZone: app.config.businessTz,
      isBotCheckOn: app.config.recaptcha !== null,
      botCheck: () => checkRecaptcha(app.config, { action: 'contact_submit', remoteIp: request.ip }, request.log),
    });
    return reply.redirect('/contact?sent=1', 303);
  });

  const isForgot = (request: FastifyRequest) => (request.query as Record<string, unknown>).forgot === '1';
  app.post(
    '/login',
    {
      errorHandler: answer((request) =>
        isForgot(request) ? { form: 'forgot', route: '/login', url: '/login', search: '?forgot=1' } : { form: 'login', route: '/login', url: '/login' },
      ),
    },
    async (request, reply) => {
      const fields = fieldsOf(request.body);
      // "Forgot your password?" is /login?forgot=1 and posts there.
      if (isForgot(request)) {
        await app.spendLimit('POST /api/auth/forgot-password', request, app.limit(FORGOT_PASSWORD_LIMIT.max, FORGOT_PASSWORD_LIMIT.windowMs));
        refuseWithoutBotCheck();
        const input = parseWith(forgotPasswordSchema, { email: fields.email });
        await requestPasswordReset(deps(), input);
        return reply.redirect('/login?forgot=1&sent=1', 303);
      }
      await app.spendLimit('POST /api/auth/login', request, app.limit(LOGIN_LIMIT.max, LOGIN_LIMIT.windowMs));
      refuseWithoutBotCheck();
      const input = parseWith(loginSchema, { email: fields.email, password: fields.password });
      const session = await login(deps(), input, request.sessionTokenHash);
      setSessionCookie(reply, session, app.config);
      return reply.redirect('/dashboard', 303);
    },
  );

  app.post('/register', { errorHandler: answer(() => ({ form: 'register', route: '/register', url: '/register' })) }, async (request, reply) => {
    await app.spendLimit('POST /api/auth/register', request, app.limit(REGISTER_LIMIT.max, REGISTER_LIMIT.windowMs));
    refuseWithoutBotCheck();
    const fields = fieldsOf(request.body);
    const input = parseWith(registerSchema, {
      fullName: fields.fullName,
      email: fields.email,
      phone: fields.phone ?? '',
      password: fields.password,
      confirmPassword: fields.confirmPassword,
    });
    await register(deps(), input);
    return reply.redirect('/login?registered=1', 303);
  });

  app.post(
    REVIEW_ROUTE,
    { errorHandler: answer((request) => ({ form: 'review', route: REVIEW_ROUTE, url: `/review/${encodeURIComponent((request.params as { token: string }).token)}` })) },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      await app.spendLimit('POST /api/reviews/:token', request, app.limit(SUBMIT_REVIEW_LIMIT.max, SUBMIT_REVIEW_LIMIT.windowMs));
      const fields = fieldsOf(request.body);
      // A radio group sends nothing when no star is chosen, and the stars as text.
      const rating = fields.rating === undefined || fields.rating === '' ? undefined : Number(fields.rating);
      const input = parseWith(submitReviewSchema, { rating, comment: fields.comment, displayName: fields.displayName });
      await submitReview({ db: app.db, now: app.now() }, token, input);
      return reply.redirect(`/review/${encodeURIComponent(token)}?sent=1`, 303);
    },
  );

  // Booking takes a card payment in the page: posted before the page could run (a slow phone, a
  // blocked script), /book answers that, with what was typed kept, and nothing goes in a URL.
  app.post(
    '/book',
    { config: { rateLimit: app.limit(30, 10 * MINUTE) }, errorHandler: answer(() => ({ form: 'book', route: '/book', url: '/book' })) },
    async (request, reply) =>
      sendPrivatePage(request, reply.status(400), await pages.renderOnce('/book', '/book', { formPost: { form: 'book', values: kept('book', request.body) } })),
  );

  // An estimate request posted before its page's script ran (multipart, with its photos): the
  // photos are sent by the script, so /estimate answers that (400, the form empty: the body is not
  // read). TODO(#22): accept it whole once the estimates domain shares its form reader.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.on('error', (err) => done(err, undefined));
    payload.on('end', () => done(null, {}));
    // Drained unread: nothing of it is kept.
    payload.resume();
  });
  app.post('/estimate', { config: { rateLimit: app.limit(30, 10 * MINUTE) }, errorHandler: answer(() => ({ form: 'estimate', route: '/estimate', url: '/estimate' })) }, async (request, reply) =>
    sendPrivatePage(request, reply.status(400), await pages.renderOnce('/estimate', '/estimate', { formPost: { form: 'estimate', message: ESTIMATE_NEEDS_JAVASCRIPT_MESSAGE } })),
  );

  // The forms of the browser-only screens exist only once their script runs, which then handles
  // them; should one be posted anyway, the screen is opened again, and nothing goes in a URL.
  for (const route of [...CLIENT_ROUTES, ...CLIENT_ROUTE_PATTERNS]) {
    app.post(route, { config: { rateLimit: app.limit(30, 10 * MINUTE) } }, async (request, reply) => reply.redirect(request.url.split('?')[0], 303));
  }
}
