import { useContext } from 'react';
import { Scripts, UNSAFE_FrameworkContext } from 'react-router';
import startScriptsAfterPaint from './start-scripts-after-paint.js?raw';

/**
 * React Router's `<Scripts/>`, held inert inside `<noscript>` and started after the first paint by the
 * inline script that follows it (start-scripts-after-paint.js, decision 0052). A browser that runs
 * scripts reads a `<noscript>` as text, so nothing in it is fetched or run; and inside it React renders
 * the module preloads in place instead of hoisting them into the head.
 */
export function DeferredScripts() {
  // The page's CSP nonce, which the server hands to React Router (entry.server.tsx).
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  return (
    <>
      <noscript>
        <Scripts />
      </noscript>
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: this module's own script, no input
        dangerouslySetInnerHTML={{ __html: startScriptsAfterPaint }}
      />
    </>
  );
}
