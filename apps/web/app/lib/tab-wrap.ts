/**
 * For a Tab press inside a menu or dialog that holds the keyboard: Tab on its last control goes round to
 * its first, and Shift+Tab on its first to its last, instead of leaving for the page behind it or the
 * browser's own toolbar. `controls` are the ones that can take focus now, in order.
 */
export function wrapTabFocus(
  event: { shiftKey: boolean; preventDefault: () => void },
  controls: readonly HTMLElement[],
): void {
  const [first, last] = [controls[0], controls.at(-1)];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
