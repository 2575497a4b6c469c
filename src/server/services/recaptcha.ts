import type { Config } from '../config';
import { AppError } from '../errors';

export const RECAPTCHA_FAILED_MESSAGE = 'reCAPTCHA verification failed. Please try again.';

let warnedOff = false;

/**
 * Verifies a reCAPTCHA v3 token for `action` when keys are configured; when they are not, the
 * forms keep working and this logs once that the check is off. Throws RECAPTCHA_FAILED (400).
 */
export async function verifyRecaptcha(
  config: Pick<Config, 'recaptcha'>,
  input: { token?: string; action: string; remoteIp?: string },
  log?: { info: (msg: string) => void; warn: (obj: object, msg: string) => void },
): Promise<void> {
  const settings = config.recaptcha;
  if (!settings) {
    if (!warnedOff) {
      warnedOff = true;
      log?.info('reCAPTCHA is not configured; skipping bot checks');
    }
    return;
  }
  if (!input.token) throw new AppError(RECAPTCHA_FAILED_MESSAGE, 'RECAPTCHA_FAILED');
  let result: { success?: boolean; score?: number; action?: string; 'error-codes'?: string[] };
  try {
    const body = new URLSearchParams({ secret: settings.secretKey, response: input.token });
    if (input.remoteIp) body.set('remoteip', input.remoteIp);
    const res = await fetch(settings.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
    result = (await res.json()) as typeof result;
  } catch (err) {
    log?.warn({ err }, 'reCAPTCHA verification request failed');
    throw new AppError(RECAPTCHA_FAILED_MESSAGE, 'RECAPTCHA_FAILED');
  }
  const scoreOk = typeof result.score !== 'number' || result.score >= settings.minScore;
  const actionOk = !result.action || result.action === input.action;
  if (!result.success || !scoreOk || !actionOk) {
    log?.warn({ codes: result['error-codes'], score: result.score, action: result.action }, 'reCAPTCHA rejected');
    throw new AppError(RECAPTCHA_FAILED_MESSAGE, 'RECAPTCHA_FAILED');
  }
}
