/**
 * The option a key makes active in a list of `count` options, where -1 is none (the text box itself):
 * Down moves to the next option and Up to the previous one; past either end the text box is active again,
 * so the shopper can go back to the words they typed.
 */
export function nextActiveOption(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active >= count - 1 ? -1 : active + 1;
  return active === -1 ? count - 1 : active - 1;
}
