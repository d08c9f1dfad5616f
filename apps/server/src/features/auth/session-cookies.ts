import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_COOKIE, ACCESS_TOKEN_TTL_SECONDS } from '../../plugins/authentication.js';
import { REMEMBER_ME_DAYS } from './sessions.service.js';

export const REFRESH_TOKEN_COOKIE = 'refresh_token';

export type CookieSettings = {
  secure: boolean;
  /**
   * The auth routes' path (`/api/auth` when mounted under /api), where the refresh token cookie used to
   * be scoped. It now goes to pages too, which refresh a session while rendering (decision 0022); a
   * cookie left at the old path would be sent first to the auth routes, so it is cleared.
   */
  formerRefreshPath: string;
};

export function cookieSettings(app: { config: { publicUrl: string }; prefix: string }): CookieSettings {
  return { secure: app.config.publicUrl.startsWith('https://'), formerRefreshPath: `${app.prefix}/auth` };
}

const REFRESH_COOKIE_PATH = '/';

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
  clearFormerRefreshCookie(reply, settings);
  reply.setCookie(REFRESH_TOKEN_COOKIE, refreshToken, {
    path: REFRESH_COOKIE_PATH,
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
  clearFormerRefreshCookie(reply, settings);
  reply.clearCookie(REFRESH_TOKEN_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
  });
}

function clearFormerRefreshCookie(reply: FastifyReply, settings: CookieSettings): void {
  reply.clearCookie(REFRESH_TOKEN_COOKIE, {
    path: settings.formerRefreshPath,
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
  });
}
