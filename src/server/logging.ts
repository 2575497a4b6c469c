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

/** The app's pino options: JSON lines at `level` to `stream` (stdout when unset). */
export function loggerOptions(level: string, stream: LogStream = process.stdout) {
  return { level, redact: { paths: REDACT, censor: '[redacted]' }, stream };
}
