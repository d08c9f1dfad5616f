import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, type Principal } from './authentication.js';

const principal: Principal = { userId: 'u-1', sessionId: 's-1', role: 'shopper', tfaPassed: false };

describe('access tokens', () => {
  const tokens = createAccessTokens('a'.repeat(40));

  it('round-trips the principal', async () => {
    expect(await tokens.verify(await tokens.issue(principal))).toEqual(principal);
  });

  it('refuses a token signed with another secret', async () => {
    const foreign = await createAccessTokens('b'.repeat(40)).issue(principal);
    expect(await tokens.verify(foreign)).toBe('invalid');
  });

  it('refuses garbage and a tampered payload', async () => {
    expect(await tokens.verify('not-a-token')).toBe('invalid');
    const [header, , signature] = (await tokens.issue(principal)).split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'u-2', sid: 's-1', role: 'admin', tfa: true }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBe('invalid');
  });

  it('tells an expired token apart from an invalid one', async () => {
    const key = (await import('node:crypto'))
      .createHmac('sha256', 'a'.repeat(40))
      .update('crossbuy:access-token:v1')
      .digest();
    const expired = await new SignJWT({ sid: 's-1', role: 'shopper', tfa: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuer('crossbuy')
      .setAudience('crossbuy-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(key);
    expect(await tokens.verify(expired)).toBe('expired');
  });

  it('remembers a verified token, but never past its expiry', async () => {
    let now = Date.now();
    const clocked = createAccessTokens('a'.repeat(40), () => now);
    const token = await clocked.issue(principal);
    expect(await clocked.verify(token)).toEqual(principal);
    expect(await clocked.verify(token)).toEqual(principal);
    now += 15 * 60 * 1000;
    expect(await clocked.verify(token)).toBe('expired');
    expect(await clocked.verify(token)).toBe('expired');
  });
});
