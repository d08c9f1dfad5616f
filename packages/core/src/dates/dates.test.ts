import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatStoreDate,
  formatStoreDateTime,
  formatStoreDateTimeUnlabelled,
  fromDateInteger,
  fromStoreWallClock,
  isCalendarDate,
  STORE_TIME_NAME,
  toDateInteger,
  toStoreWallClock,
} from './index.js';

const LATE_EVENING_UTC = '2026-11-21T20:05:09Z';

describe('formatDate', () => {
  it('formats DD/MM/YYYY in UTC by default', () => {
    expect(formatDate(new Date(Date.UTC(2026, 10, 21, 8, 30)))).toBe('21/11/2026');
    expect(formatDate(LATE_EVENING_UTC)).toBe('21/11/2026');
    expect(formatDate('2026-01-05T00:00:00.000Z')).toBe('05/01/2026');
  });

  it('formats in the given time zone', () => {
    expect(formatDate(LATE_EVENING_UTC, { timeZone: 'Asia/Singapore' })).toBe('22/11/2026');
    expect(formatDate('2026-11-21T02:00:00Z', { timeZone: 'America/New_York' })).toBe('20/11/2026');
  });

  it('shows a calendar date as that day in every time zone', () => {
    expect(formatDate('1990-05-17')).toBe('17/05/1990');
    expect(formatDate('1990-05-17', { timeZone: 'America/Los_Angeles' })).toBe('17/05/1990');
    expect(formatDate('1990-05-17', { timeZone: 'Pacific/Kiritimati' })).toBe('17/05/1990');
  });

  it('pads years below 1000', () => {
    expect(formatDate('0800-12-25')).toBe('25/12/0800');
  });

  it('throws on an invalid date or time zone', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDate(LATE_EVENING_UTC, { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe("the store's dates", () => {
  it("words a moment in Singapore's time, the next day when UTC's is still today", () => {
    expect(formatStoreDate(LATE_EVENING_UTC)).toBe('22/11/2026');
    expect(formatStoreDateTime(LATE_EVENING_UTC)).toBe('22/11/2026 04:05:09 Singapore time');
    expect(formatStoreDate('2026-11-21T15:59:59Z')).toBe('21/11/2026');
    expect(formatStoreDate('2026-11-21T16:00:00Z')).toBe('22/11/2026');
  });

  it('leaves the zone unnamed for a column whose heading names it', () => {
    expect(formatStoreDateTimeUnlabelled(LATE_EVENING_UTC)).toBe('22/11/2026 04:05:09');
    expect(formatStoreDateTime(LATE_EVENING_UTC)).toBe(
      `${formatStoreDateTimeUnlabelled(LATE_EVENING_UTC)} ${STORE_TIME_NAME}`,
    );
  });

  it('shows a calendar date (a store day) as that day', () => {
    expect(formatStoreDate('2026-11-21')).toBe('21/11/2026');
  });
});

describe("the store's wall clock", () => {
  it("reads a moment as Singapore's clock, to the minute", () => {
    expect(toStoreWallClock(LATE_EVENING_UTC)).toBe('2026-11-22T04:05');
    expect(toStoreWallClock('2026-03-01T17:30:00Z')).toBe('2026-03-02T01:30');
  });

  it("gives the moment Singapore's clock reads, and back", () => {
    expect(fromStoreWallClock('2026-03-02T01:30')?.toISOString()).toBe('2026-03-01T17:30:00.000Z');
    expect(fromStoreWallClock('2026-01-01T00:00')?.toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(toStoreWallClock(fromStoreWallClock('2026-07-15T23:59') as Date)).toBe('2026-07-15T23:59');
  });

  it('reads no moment from text that names no time', () => {
    for (const text of [
      '',
      'soon',
      '2026-02-30T10:00',
      '2026-03-01T24:00',
      '2026-03-01 10:00',
      '2026-03-01',
    ]) {
      expect(fromStoreWallClock(text), text).toBeNull();
    }
  });
});

describe('formatDateTime', () => {
  it('formats DD/MM/YYYY HH:mm:ss in UTC by default', () => {
    expect(formatDateTime(LATE_EVENING_UTC)).toBe('21/11/2026 20:05:09');
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('02/01/2026 03:04:05');
  });

  it('prints midnight as 00', () => {
    expect(formatDateTime('2026-11-21T00:00:00Z')).toBe('21/11/2026 00:00:00');
  });

  it('formats in the given time zone, across the day boundary', () => {
    expect(formatDateTime(LATE_EVENING_UTC, { timeZone: 'Asia/Singapore' })).toBe('22/11/2026 04:05:09');
    expect(formatDateTime(LATE_EVENING_UTC, { timeZone: 'Europe/London' })).toBe('21/11/2026 20:05:09');
    expect(formatDateTime('2026-07-01T12:00:00Z', { timeZone: 'Europe/London' })).toBe('01/07/2026 13:00:00');
  });

  it('reads a calendar date as UTC midnight', () => {
    expect(formatDateTime('2026-11-21')).toBe('21/11/2026 00:00:00');
  });

  it('throws on an invalid date', () => {
    expect(() => formatDateTime('2026-13-01T00:00:00Z')).toThrow(RangeError);
  });
});

describe('toDateInteger', () => {
  it('gives year-month-day as one integer, in UTC by default', () => {
    expect(toDateInteger(new Date(Date.UTC(2026, 10, 21, 23, 59, 59)))).toBe(20261121);
    expect(toDateInteger('2026-01-05T10:00:00Z')).toBe(20260105);
  });

  it('uses the given time zone', () => {
    expect(toDateInteger(LATE_EVENING_UTC, { timeZone: 'Asia/Singapore' })).toBe(20261122);
  });

  it('reads a calendar date directly', () => {
    expect(toDateInteger('1990-05-17', { timeZone: 'America/Los_Angeles' })).toBe(19900517);
  });

  it('orders like the dates it stands for', () => {
    expect(toDateInteger('2025-12-31')).toBeLessThan(toDateInteger('2026-01-01'));
  });
});

describe('fromDateInteger', () => {
  it('gives UTC midnight of that day', () => {
    expect(fromDateInteger(20261121).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(fromDateInteger(20240229).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(fromDateInteger(450101).toISOString()).toBe('0045-01-01T00:00:00.000Z');
  });

  it('round-trips with toDateInteger', () => {
    for (const value of [20261121, 19991231, 20000229, 10000101, 99991231]) {
      expect(toDateInteger(fromDateInteger(value))).toBe(value);
    }
  });

  it('throws on integers that name no real day', () => {
    for (const value of [
      20260230, 20231301, 20230000, 20230100, 20230229, 0, -20261121, 20261121.5, 100000101,
    ]) {
      expect(() => fromDateInteger(value), String(value)).toThrow(RangeError);
    }
  });
});

describe('isCalendarDate', () => {
  it('accepts real YYYY-MM-DD dates', () => {
    for (const value of [
      '2026-11-21',
      '2024-02-29',
      '2000-02-29',
      '1900-02-28',
      '0001-01-01',
      '9999-12-31',
    ]) {
      expect(isCalendarDate(value), value).toBe(true);
    }
  });

  it('rejects days that do not exist', () => {
    for (const value of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
    ]) {
      expect(isCalendarDate(value), value).toBe(false);
    }
    expect(isCalendarDate('2026-01-00')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
  });

  it('rejects other shapes and types', () => {
    for (const value of ['2026-1-5', '21/11/2026', '2026-11-21T00:00:00Z', ' 2026-11-21', '20261121', '']) {
      expect(isCalendarDate(value), value).toBe(false);
    }
    expect(isCalendarDate(20261121)).toBe(false);
    expect(isCalendarDate(new Date())).toBe(false);
    expect(isCalendarDate(undefined)).toBe(false);
  });
});
