import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { onlyFields, setServerErrors } from './form-errors';

const refusal = (errors: Record<string, string>) => new ApiError(400, JSON.stringify({ message: 'Check the form.', code: 'VALIDATION_ERROR', errors }), 'Bad Request');

describe('the server\'s field messages go under the form\'s own fields only', () => {
  it.each([
    [{ email: 'Enter a valid email', password: 'Too short' }, ['email', 'password'], 2],
    [{ email: 'Enter a valid email', recaptchaToken: 'Missing' }, ['email'], 1],
    [{ recaptchaToken: 'Missing' }, ['email'], 0],
  ])('%o onto %o sets %i', (errors, fields, count) => {
    const setError = vi.fn();
    expect(setServerErrors(refusal(errors), setError, onlyFields(fields))).toBe(count);
    for (const field of fields) {
      if (errors[field as keyof typeof errors]) expect(setError).toHaveBeenCalledWith(field, { type: 'server', message: errors[field as keyof typeof errors] });
    }
    expect(setError).toHaveBeenCalledTimes(count);
  });

  it('sets nothing for an error without field messages', () => {
    const setError = vi.fn();
    expect(setServerErrors(new TypeError('offline'), setError, onlyFields(['email']))).toBe(0);
    expect(setError).not.toHaveBeenCalled();
  });
});
