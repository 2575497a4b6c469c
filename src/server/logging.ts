/** Where log lines go: stdout, or a test's capture. */
export interface LogStream {
  write(line: string): void;
}

/** Secrets that never reach the log, by field. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.credential',
  '*.recaptchaToken',
  '*.clientSecret',
  '*.cardNumber',
  '*.cvc',
];

const CENSOR = '[redacted]';
/** The segment after these is a link's token: /api/manage/:token, /booking/:token, ... */
const TOKEN_PATH = /(\/(?:api\/manage|api\/reviews|api\/quotes|booking|review|quote)\/)[^/?#\s"\\]+/gi;
/** Every query string value (reset, sign-in, address and feed links carry their token there). */
const QUERY_VALUE = /([?&][^=&?#\s"\\]*=)[^&#\s"\\]+/g;
/** Anything shaped like a token (43 base64url characters) wherever it turns up. */
const TOKEN_LIKE = /(?<![\w-])[\w-]{40,}(?![\w-])/g;

/**
 * A log line with link tokens censored. Tokens reach the log in more places than the request's
 * URL (Fastify's "Route … not found", an error's message), so the whole line is scrubbed: a
 * token in the log opens a booking, resets a password or signs in as long as the link works.
 */
export function redactTokens(line: string): string {
  return line
    .replace(TOKEN_PATH, (_match, prefix: string) => prefix + CENSOR)
    .replace(QUERY_VALUE, (_match, prefix: string) => prefix + CENSOR)
    .replace(TOKEN_LIKE, () => CENSOR);
}

/** The app's pino options: JSON lines at `level` to `stream` (pino's stdout when unset), tokens censored. */
export function loggerOptions(level: string, stream?: LogStream) {
  return { level, redact: { paths: REDACT, censor: CENSOR }, hooks: { streamWrite: redactTokens }, ...(stream ? { stream } : {}) };
}
