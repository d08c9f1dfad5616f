import { useEffect, useRef, useState } from 'react';

// The captcha provider's widget, loaded only on the contact page and only when the store requires a
// captcha (GET /config names the widget's site key then, and the page policy allows its script).

type Grecaptcha = {
  ready(callback: () => void): void;
  render(
    element: HTMLElement,
    options: { sitekey: string; callback(token: string): void; 'expired-callback'(): void },
  ): number;
  reset(widgetId?: number): void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';

function loadScript(): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const ready = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha as Grecaptcha));
    if (window.grecaptcha) return ready();
    let script = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = SCRIPT_URL;
      script.async = true;
      document.head.append(script);
    }
    script.addEventListener('load', ready, { once: true });
    script.addEventListener('error', () => reject(new Error('captcha script failed')), { once: true });
  });
}

export type CaptchaHandle = { reset(): void };

/**
 * The "I'm not a robot" widget. Reports each answer (and its expiry, as null) through `onToken`; `handle`
 * lets the form start it over after a send, since an answer is good for one check only.
 */
export function Captcha({
  siteKey,
  onToken,
  handle,
}: {
  siteKey: string;
  onToken: (token: string | null) => void;
  handle: React.MutableRefObject<CaptchaHandle | null>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const report = useRef(onToken);
  report.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadScript()
      .then((grecaptcha) => {
        if (cancelled || !container.current) return;
        const widgetId = grecaptcha.render(container.current, {
          sitekey: siteKey,
          callback: (token) => report.current(token),
          'expired-callback': () => report.current(null),
        });
        handle.current = {
          reset: () => {
            grecaptcha.reset(widgetId);
            report.current(null);
          },
        };
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      handle.current = null;
    };
  }, [siteKey, handle]);

  return (
    <div className="flex flex-col gap-1">
      <div ref={container} />
      {failed && (
        <p role="alert" className="text-sm text-danger-700">
          The check that you are not a robot could not load. Please reload the page, or email us instead.
        </p>
      )}
    </div>
  );
}
