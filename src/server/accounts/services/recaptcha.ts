import type { Config } from '../../config';
import { AppError } from '../../errors';

export const RECAPTCHA_FAILED_MESSAGE = 'reCAPTCHA verification failed. Please try again.';

let warnedOff = false;

type RecaptchaLog = { info: (msg: string) => void; warn: (obj: object, msg: string) => void };
type RecaptchaInput = { token?: string; action: string; remoteIp?: string };

/** off: not configured; unavailable: the verifier could not be asked (network, timeout, bad reply). */
export type RecaptchaOutcome = 'off' | 'passed' | 'failed' | 'unavailable';

/** Asks reCAPTCHA v3 about a token for `action`, without deciding what a failure means. */
export async function checkRecaptcha(config: Pick<Config, 'recaptcha'>, input: RecaptchaInput, log?: RecaptchaLog): Promise<RecaptchaOutcome> {
  const settings = config.recaptcha;
  if (!settings) {
    if (!warnedOff) {
      warnedOff = true;
      log?.info('reCAPTCHA is not configured; skipping bot checks');
    }
    return 'off';
  }
  if (!input.token) return 'failed';
  let result: { success?: boolean; score?: number; action?: string; 'error-codes'?: string[] };
  try {
    const body = new URLSearchParams({ secret: settings.secretKey, response: input.token });
    if (input.remoteIp) body.set('remoteip', input.remoteIp);
    const res = await fetch(settings.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
    result = (await res.json()) as typeof result;
  } catch (err) {
    log?.warn({ err }, 'reCAPTCHA verification request failed');
    return 'unavailable';
  }
  const scoreOk = typeof result.score !== 'number' || result.score >= settings.minScore;
  const actionOk = !result.action || result.action === input.action;
  if (!result.success || !scoreOk || !actionOk) {
    log?.warn({ codes: result['error-codes'], score: result.score, action: result.action }, 'reCAPTCHA rejected');
    return 'failed';
  }
  return 'passed';
}

/**
 * Sign-in and registration: verifies the token when reCAPTCHA is configured (forms keep working
 * when it is not) and refuses anything but a pass. Throws RECAPTCHA_FAILED (400).
 */
export async function verifyRecaptcha(config: Pick<Config, 'recaptcha'>, input: RecaptchaInput, log?: RecaptchaLog): Promise<void> {
  const outcome = await checkRecaptcha(config, input, log);
  if (outcome === 'failed' || outcome === 'unavailable') throw new AppError(RECAPTCHA_FAILED_MESSAGE, 'RECAPTCHA_FAILED');
}
