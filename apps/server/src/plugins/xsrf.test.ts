import { describe, expect, it } from 'vitest';
import { issueXsrfToken, isValidXsrfToken } from './xsrf.js';

const secret = 's'.repeat(40);

describe('anti-forgery tokens', () => {
  it('accepts a token it issued', () => {
    expect(isValidXsrfToken(secret, issueXsrfToken(secret))).toBe(true);
  });

  it('issues a different token each time', () => {
    expect(issueXsrfToken(secret)).not.toBe(issueXsrfToken(secret));
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['without a signature', 'abc'],
    ['with an extra part', `${issueXsrfToken(secret)}.x`],
    ['signed with another secret', issueXsrfToken('o'.repeat(40))],
    ['with a tampered nonce', `x${issueXsrfToken(secret)}`],
  ])('refuses a token %s', (_label, token) => {
    expect(isValidXsrfToken(secret, token)).toBe(false);
  });
});
