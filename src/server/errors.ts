import type { ErrorCode } from '../shared/errors';

/** Base of every domain error; the error-handler plugin alone turns `code` into a status. */
export class AppError extends Error {
  constructor(
    message: string,
    public readonly code: ErrorCode,
    public readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(message, 'VALIDATION_ERROR', errors);
  }
}
export class BadRequestError extends AppError {
  constructor(message: string, code: ErrorCode = 'BAD_REQUEST') {
    super(message, code);
  }
}
export class UnauthenticatedError extends AppError {
  constructor(message = 'Please sign in to continue.', code: ErrorCode = 'UNAUTHENTICATED') {
    super(message, code);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that.', code: ErrorCode = 'FORBIDDEN') {
    super(message, code);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(message, 'NOT_FOUND');
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'CONFLICT') {
    super(message, code);
  }
}
export class PaymentError extends AppError {
  constructor(message: string) {
    super(message, 'PAYMENT_FAILED');
  }
}
export class RateLimitError extends AppError {
  constructor(message = 'Too many requests. Please wait a moment and try again.', code: ErrorCode = 'RATE_LIMITED') {
    super(message, code);
  }
}

/** Seconds a client should wait before retrying after a 503 DATABASE_UNAVAILABLE. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database is out of reach for now (refused, dropped, restarting, no free connection).
 * db/errors.ts decides which driver errors are this; the reply is a 503 with Retry-After.
 */
export class DatabaseUnavailableError extends AppError {
  constructor(opts: { cause?: unknown } = {}) {
    super("We can't reach our booking system right now. Please try again in a moment.", 'DATABASE_UNAVAILABLE');
    if (opts.cause !== undefined) this.cause = opts.cause;
  }
}

/** The single mapping from error code to HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  RECAPTCHA_FAILED: 400,
  RESET_LINK_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SLOT_TAKEN: 409,
  SLOT_UNAVAILABLE: 409,
  JOB_DOES_NOT_FIT: 409,
  QUOTE_USED: 409,
  INVALID_STATUS: 409,
  TOO_LATE_TO_CHANGE: 409,
  EMAIL_TAKEN: 409,
  PAYMENT_FAILED: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_HOLDS: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
};
