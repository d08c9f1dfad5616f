import { Scripts } from 'react-router';
import { useCspNonce } from '../../lib/csp-nonce';
import startScriptsAfterPaint from './start-scripts-after-paint.js?raw';

/**
 * React Router's `<Scripts/>`, held inert inside `<noscript>` and started after the first paint by the
 * inline script that follows it (start-scripts-after-paint.js, decision 0052). A browser that runs
 * scripts reads a `<noscript>` as text, so nothing in it is fetched or run; and inside it React renders
 * the module preloads in place instead of hoisting them into the head.
 */
export function DeferredScripts() {
  const nonce = useCspNonce();
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
