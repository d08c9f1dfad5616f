import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AskedAt } from '../features/quotations/components/desk-item-facts';
import { useHydrated } from './use-hydrated';

function BrowserOnly() {
  return <p>{useHydrated() ? `in the browser at ${Date.now()}` : 'as the server rendered it'}</p>;
}

/** Renders `element` as the server would, then hydrates that HTML as the browser does, minutes later. */
async function hydrateLater(element: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  const serverHtml = container.innerHTML;
  vi.setSystemTime(Date.parse('2026-11-23T12:05:00Z'));
  const onRecoverableError = vi.fn();
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError });
  });
  return { serverHtml, container, onRecoverableError };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useHydrated', () => {
  it('renders what the server rendered while hydrating, then what only the browser knows', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-23T12:00:00Z') });
    const { serverHtml, container, onRecoverableError } = await hydrateLater(<BrowserOnly />);
    expect(serverHtml).toBe('<p>as the server rendered it</p>');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.textContent).toBe(`in the browser at ${Date.parse('2026-11-23T12:05:00Z')}`);
  });

  it("lets the desk say how long ago a shopper asked without a hydration mismatch, whatever the browser's clock", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-23T12:00:00Z') });
    const { serverHtml, container, onRecoverableError } = await hydrateLater(
      <AskedAt createdAt="2026-11-23T09:00:00Z" />,
    );
    expect(serverHtml).toContain('23/11/2026 17:00:00 Singapore time');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.textContent).toBe('3 hours ago');
  });
});
