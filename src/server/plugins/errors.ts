import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../shared/errors';
import { classifyDatabaseError } from '../db/errors';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError, STATUS_BY_CODE } from '../errors';

/** Fastify's own error codes that are the client's fault, with what we tell the client. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON (Content-Type: application/json).' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The request body does not match its Content-Length.' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON (Content-Type: application/json).' },
  FST_ERR_VALIDATION: { code: 'VALIDATION_ERROR', message: 'Some fields are not valid.' },
};

export function fieldErrors(issues: { path?: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path && issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

function describeCause(cause: unknown): string | undefined {
  const parts: string[] = [];
  for (let e = cause as { message?: unknown; code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    parts.push([e.code, e.message].filter((p) => typeof p === 'string' && p).join(' ').split('\n')[0]);
  }
  return parts.length ? parts.join(' <- ') : undefined;
}

/**
 * The status and body of an error's reply, and the error as classified (a database driver's
 * error out of reach becomes DatabaseUnavailableError). The only place that chooses an error
 * status: the JSON error handler below and the pages that answer forms (plugins/form-posts.ts) use it.
 */
export function errorReply(raw: FastifyError): { status: number; body: ApiErrorBody; error: FastifyError } {
  // A driver error of a database out of reach becomes DatabaseUnavailableError (503), wherever it came from.
  const error = classifyDatabaseError(raw) as FastifyError;
  let status: number;
  let body: ApiErrorBody;

  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean), message: v.message ?? 'Not valid' }));
    const errors = fieldErrors(issues);
    status = 400;
    body = { message: Object.values(errors)[0] ?? 'Some fields are not valid.', code: 'VALIDATION_ERROR', errors };
  } else if (error instanceof AppError) {
    status = STATUS_BY_CODE[error.code] ?? 500;
    body = { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
  } else if (error.code && FASTIFY_ERRORS[error.code]) {
    const known = FASTIFY_ERRORS[error.code];
    status = STATUS_BY_CODE[known.code];
    body = { message: known.message, code: known.code };
  } else if (error.statusCode === 429) {
    status = 429;
    body = { message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
    status = error.statusCode;
    body = { message: status === 404 ? 'Not found.' : 'The request could not be processed.', code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST' };
  } else {
    status = 500;
    body = { message: 'Something went wrong on our side. Please try again in a moment.', code: 'INTERNAL' };
  }
  return { status, body, error };
}

/** Logs a failed request as the error handler does: a line for the client's faults and outages, the stack for ours. */
export function logErrorReply(request: FastifyRequest, reply: FastifyReply, { status, body, error }: ReturnType<typeof errorReply>): void {
  if (error instanceof DatabaseUnavailableError) {
    // An outage makes every request fail alike: one line each, not a stack each.
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    request.log.warn({ code: body.code, status, cause: describeCause(error.cause) }, 'database unavailable');
  } else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.code, status }, error.message);
}

/** Every error reply is `{message, code, errors?}`; a 5xx says nothing of its cause and logs it with the request id. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    const result = errorReply(raw);
    logErrorReply(request, reply, result);
    return reply.status(result.status).type('application/json; charset=utf-8').send(result.body);
  });
});
