import { describe, expect, it } from 'vitest';
import { issueXsrfToken, isValidXsrfToken } from './xsrf.js';

const secret = 's'.repeat(40);
const session = '6f1c1a52-0000-4000-8000-000000000001';

describe('anti-forgery tokens', () => {
  it('accepts a token it issued for the same binding', () => {
    expect(isValidXsrfToken(secret, session, issueXsrfToken(secret, session))).toBe(true);
  });

  it('issues a different token each time', () => {
    expect(issueXsrfToken(secret, session)).not.toBe(issueXsrfToken(secret, session));
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['without a signature', 'abc'],
    ['with an extra part', `${issueXsrfToken(secret, session)}.x`],
    ['signed with another secret', issueXsrfToken('o'.repeat(40), session)],
    ['with a tampered nonce', `x${issueXsrfToken(secret, session)}`],
    ['bound to another session', issueXsrfToken(secret, '6f1c1a52-0000-4000-8000-000000000002')],
    ['bound to a visitor', issueXsrfToken(secret, 'a-visitor')],
  ])('refuses a token %s', (_label, token) => {
    expect(isValidXsrfToken(secret, session, token)).toBe(false);
  });
});
