/** Machine-readable error codes of the API (the `code` field of an error body). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'SLOT_TAKEN',
  'SLOT_UNAVAILABLE',
  'JOB_DOES_NOT_FIT',
  'QUOTE_USED',
  'INVALID_STATUS',
  'TOO_LATE_TO_CHANGE',
  'PAYMENT_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'TOO_MANY_HOLDS',
  'RECAPTCHA_FAILED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'RESET_LINK_INVALID',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
  'SHUTTING_DOWN',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error reply. `errors` maps a field name to its message. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode | string;
  errors?: Record<string, string>;
}
