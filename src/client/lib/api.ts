import type { ApiErrorBody } from '../../shared/errors';

/**
 * A non-OK response. `message` is '{status}: {response text}' (or the status text when the body
 * is empty), as the spec says; `serverMessage` is the server's human sentence for the UI.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly errors?: Record<string, string>;

  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    try {
      const body = JSON.parse(text) as Partial<ApiErrorBody>;
      if (typeof body.message === 'string') this.serverMessage = body.message;
      if (typeof body.code === 'string') this.code = body.code;
      if (body.errors && typeof body.errors === 'object') this.errors = body.errors;
    } catch {
      // Not JSON (a proxy's error page, say): keep the raw text in `message` only.
    }
  }
}

/** The sentence to show a person for a failed call: the server's own words, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text, res.statusText);
  }
}

/**
 * Anything with zod's `parse`: a response schema from src/shared/schemas, or a plain shape
 * (shared/schemas/plain-shapes.ts), which needs no zod. (The client's zod is set to parse
 * without eval before any schema exists: lib/zod-configured.ts.)
 */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** Sends a JSON request with the session cookie; throws an ApiError when the response is not OK. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * apiRequest, then the JSON body parsed with `schema` (the route's response schema), so a reply
 * of another shape fails here instead of somewhere in a component. A promised schema loads
 * beside the request (public pages keep zod out of their first view that way).
 */
export function apiJson<T>(method: string, url: string, schema: ResponseSchema<T> | Promise<ResponseSchema<T>>, data?: unknown): Promise<T> {
  return parsed(apiRequest(method, url, data), schema);
}

async function parsed<T>(response: Promise<Response>, schema: ResponseSchema<T> | Promise<ResponseSchema<T>>): Promise<T> {
  const [res, parser] = await Promise.all([response, schema]);
  const text = await res.text();
  return parser.parse(text ? JSON.parse(text) : null);
}

/**
 * POSTs a multipart form (files, as an estimate request's photos) with the session cookie, the
 * browser writing its boundary; the JSON answer parsed with `schema`, as apiJson does.
 */
export function postForm<T>(url: string, schema: ResponseSchema<T> | Promise<ResponseSchema<T>>, body: FormData): Promise<T> {
  const send = fetch(url, { method: 'POST', body, credentials: 'include' }).then(async (res) => {
    await throwIfResNotOk(res);
    return res;
  });
  return parsed(send, schema);
}

/** A GET parsed with `schema`; throws an ApiError for any non-OK answer. */
export function getJson<T>(url: string, schema: ResponseSchema<T> | Promise<ResponseSchema<T>>): Promise<T> {
  return apiJson('GET', url, schema);
}

/** A GET parsed with `schema`, or null when the answer is 401 (nobody signed in). */
export async function getJsonOr401<T>(url: string, schema: ResponseSchema<T>): Promise<T | null> {
  try {
    return await getJson(url, schema);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
