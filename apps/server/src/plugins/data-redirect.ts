import {
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_SingleFetchRedirectSymbol as singleFetchRedirect,
} from 'react-router';

// React Router's encoding of a data redirect is not public API: these two names are the only internals
// the server uses, held here so an upgrade that changes them breaks one place. test/web-app.test.ts
// renders redirects through React Router itself and fails if this stops reading them: a redirect
// within the store would then be refused as well as one off it.

/**
 * The target of a data redirect (the body of React Router's 202 answer to a '<path>.data' request), or
 * '' when the body cannot be read, which the caller takes as a redirect nowhere safe.
 */
export async function dataRedirectTarget(body: ArrayBuffer): Promise<string | undefined> {
  try {
    const decoded = await decodeViaTurboStream(new Blob([body]).stream(), globalThis);
    await decoded.done;
    // A loader's redirect comes wrapped under React Router's symbol, an action's as the object itself.
    const value = decoded.value as Record<PropertyKey, unknown> | null;
    const redirect = (value?.[singleFetchRedirect] ?? value) as { redirect?: unknown } | null;
    return typeof redirect?.redirect === 'string' ? redirect.redirect : undefined;
  } catch {
    return '';
  }
}
