import { describe, expect, it } from 'vitest';
import { redactTokens } from './logging';

const TOKEN = 'q3Z8k1xV0bTn4YpLw9sHc2RfGj7mNa5eUd6iKo1rBtE';

describe('redactTokens', () => {
  it.each([
    [`{"url":"/api/manage/${TOKEN}/cancel"}`, '{"url":"/api/manage/[redacted]/cancel"}'],
    [`{"url":"/api/reviews/short"}`, '{"url":"/api/reviews/[redacted]"}'],
    [`{"url":"/booking/${TOKEN}"}`, '{"url":"/booking/[redacted]"}'],
    [`{"url":"/review/abc?utm=x"}`, '{"url":"/review/[redacted]?utm=[redacted]"}'],
    [`{"url":"/api/quotes/${TOKEN}/decline"}`, '{"url":"/api/quotes/[redacted]/decline"}'],
    [`{"url":"/quote/${TOKEN}"}`, '{"url":"/quote/[redacted]"}'],
    // The instant quote and the owner's quote of a request carry no token.
    [`{"url":"/api/quote"}`, '{"url":"/api/quote"}'],
    [`{"url":"/api/admin/estimates/12/quote"}`, '{"url":"/api/admin/estimates/12/quote"}'],
    [`{"url":"/reset-password?token=${TOKEN}"}`, '{"url":"/reset-password?token=[redacted]"}'],
    [`{"url":"/api/auth/sign-in-link?a=1&token=${TOKEN}"}`, '{"url":"/api/auth/sign-in-link?a=[redacted]&token=[redacted]"}'],
    [`{"msg":"Route GET:/API/MANAGE/${TOKEN} not found"}`, '{"msg":"Route GET:/API/MANAGE/[redacted] not found"}'],
    [`{"msg":"'/x/${TOKEN}%' is not a valid url component"}`, `{"msg":"'/x/[redacted]%' is not a valid url component"}`],
  ])('%s', (line, expected) => {
    expect(redactTokens(line)).toBe(expected);
  });

  it('keeps what is not a token', () => {
    const line = '{"level":30,"reqId":"0b9d2a43-6c1e-4d0f-9a57-1f6f0a3c2b11","req":{"method":"GET","url":"/api/services/tv-mounting"},"msg":"incoming request"}';
    expect(redactTokens(line)).toBe(line);
  });
});
