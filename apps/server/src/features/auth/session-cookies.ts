import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_COOKIE, ACCESS_TOKEN_TTL_SECONDS } from '../../plugins/authentication.js';
import { REMEMBER_ME_DAYS } from './sessions.service.js';

export const REFRESH_TOKEN_COOKIE = 'refresh_token';

export type CookieSettings = {
  secure: boolean;
  /** The auth routes' path (`/api/auth` when mounted under /api): the only place the refresh token goes. */
  refreshPath: string;
};

export function cookieSettings(app: { config: { publicUrl: string }; prefix: string }): CookieSettings {
  return { secure: app.config.publicUrl.startsWith('https://'), refreshPath: `${app.prefix}/auth` };
}

/** The access token cookie lives exactly as long as the token, so an expired one is never sent. */
export function setAccessCookie(reply: FastifyReply, settings: CookieSettings, accessToken: string): void {
  reply.setCookie(ACCESS_TOKEN_COOKIE, accessToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
}

/** Persistent for 30 days with "remember me", else a browser-session cookie. */
export function setRefreshCookie(
  reply: FastifyReply,
  settings: CookieSettings,
  refreshToken: string,
  rememberMe: boolean,
): void {
  reply.setCookie(REFRESH_TOKEN_COOKIE, refreshToken, {
    path: settings.refreshPath,
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    ...(rememberMe ? { maxAge: REMEMBER_ME_DAYS * 86_400 } : {}),
  });
}

/** Signs the browser out: no session cookies, and an anti-forgery token no longer bound to the session. */
export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings): void {
  reply.renewXsrf();
  reply.clearCookie(ACCESS_TOKEN_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
  });
  reply.clearCookie(REFRESH_TOKEN_COOKIE, {
    path: settings.refreshPath,
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
  });
}
