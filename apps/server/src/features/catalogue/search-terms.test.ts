import { describe, expect, it } from 'vitest';
import { correctedQueryOf, searchTerms } from './search-terms.js';

describe('searchTerms', () => {
  it('keeps lower-cased letters and digits, so every word is safe inside a tsquery', () => {
    expect(searchTerms("Head-Phones & 'Zoë' 4K:*|!")).toEqual(['head', 'phones', 'zoë', '4k']);
    expect(searchTerms('  ')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
  });

  it('reads at most six words of at most forty letters', () => {
    expect(searchTerms('a b c d e f g h')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(searchTerms('x'.repeat(100))).toEqual(['x'.repeat(40)]);
  });
});

describe('correctedQueryOf', () => {
  it('puts each corrected word in place of the word typed', () => {
    expect(correctedQueryOf(['wireless', 'hedphones'], new Map([['hedphones', 'headphones']]))).toBe(
      'wireless headphones',
    );
    expect(correctedQueryOf(['hedphone', 'hedphone'], new Map([['hedphone', 'headphone']]))).toBe(
      'headphone headphone',
    );
  });

  it('is null when no word was corrected', () => {
    expect(correctedQueryOf(['headphones'], new Map())).toBeNull();
    expect(correctedQueryOf([], new Map([['a', 'b']]))).toBeNull();
  });
});
