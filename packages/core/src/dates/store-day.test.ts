import { describe, expect, it } from 'vitest';
import { daysEndingWith, storeDayOf } from './store-day.js';

describe('storeDayOf', () => {
  it('names the Singapore day, which starts at 16:00 UTC the day before', () => {
    expect(storeDayOf(new Date('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(storeDayOf(new Date('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
    expect(storeDayOf(new Date('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
  });
});

describe('daysEndingWith', () => {
  it('counts back across month ends and leap days, oldest first', () => {
    expect(daysEndingWith('2028-03-02', 4)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01', '2028-03-02']);
    expect(daysEndingWith('2026-01-01', 2)).toEqual(['2025-12-31', '2026-01-01']);
    expect(daysEndingWith('2026-11-23', 30)).toHaveLength(30);
  });
});
