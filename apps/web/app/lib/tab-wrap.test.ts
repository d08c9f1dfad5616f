import { afterEach, describe, expect, it, vi } from 'vitest';
import { wrapTabFocus } from './tab-wrap';

function button(name: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = name;
  document.body.append(element);
  return element;
}

const tab = (shiftKey: boolean) => ({ shiftKey, preventDefault: vi.fn() });

afterEach(() => document.body.replaceChildren());

describe('wrapTabFocus', () => {
  it('goes round from the last control to the first, and back with Shift+Tab', () => {
    const [first, middle, last] = [button('Close'), button('Orders'), button('Sign out')];
    last.focus();
    const forward = tab(false);
    wrapTabFocus(forward, [first, middle, last]);
    expect(document.activeElement).toBe(first);
    expect(forward.preventDefault).toHaveBeenCalled();

    const back = tab(true);
    wrapTabFocus(back, [first, middle, last]);
    expect(document.activeElement).toBe(last);
    expect(back.preventDefault).toHaveBeenCalled();
  });

  it('leaves Tab to the browser between the ends', () => {
    const [first, middle, last] = [button('Close'), button('Orders'), button('Sign out')];
    middle.focus();
    const forward = tab(false);
    wrapTabFocus(forward, [first, middle, last]);
    expect(document.activeElement).toBe(middle);
    expect(forward.preventDefault).not.toHaveBeenCalled();
  });
});
