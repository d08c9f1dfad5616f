import { describe, expect, it } from 'vitest';
import { nextActiveOption } from './active-option';

describe('nextActiveOption', () => {
  it('moves down from the text box through the options and back to the text box', () => {
    expect([-1, 0, 1, 2].map((active) => nextActiveOption(active, 3, 'ArrowDown'))).toEqual([0, 1, 2, -1]);
  });

  it('moves up from the text box to the last option', () => {
    expect([-1, 2, 1, 0].map((active) => nextActiveOption(active, 3, 'ArrowUp'))).toEqual([2, 1, 0, -1]);
  });

  it('keeps the text box active when there are no options', () => {
    expect(nextActiveOption(-1, 0, 'ArrowDown')).toBe(-1);
    expect(nextActiveOption(4, 0, 'ArrowUp')).toBe(-1);
  });
});
