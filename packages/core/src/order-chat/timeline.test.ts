import { describe, expect, it } from 'vitest';
import { orderMessageRequestSchema, parseTimelineCursor, timelineQuerySchema } from './schemas.js';
import { lastCursor, mergeTimeline } from './timeline.js';

const ID_A = '0b6f1c7e-1111-4aaa-8aaa-000000000001';
const ID_B = 'f0000000-2222-4bbb-8bbb-000000000002';
const ID_C = '7a000000-3333-4ccc-8ccc-000000000003';

const entry = (at: string, id: string, body = id) => ({ id, cursor: `${at}_${id}`, body });

describe('mergeTimeline', () => {
  it('orders entries of both sources by time, then by id for the same microsecond', () => {
    const held = [entry('2026-11-21T08:30:00.000002Z', ID_A)];
    const received = [entry('2026-11-21T08:30:00.000002Z', ID_B), entry('2026-11-21T08:30:00.000001Z', ID_C)];
    const merged = mergeTimeline(held, received);
    expect(merged.map((item) => item.cursor)).toEqual([
      `2026-11-21T08:30:00.000001Z_${ID_C}`,
      `2026-11-21T08:30:00.000002Z_${ID_A}`,
      `2026-11-21T08:30:00.000002Z_${ID_B}`,
    ]);
  });

  it('keeps an entry a live stream repeats once, as last received', () => {
    const first = entry('2026-11-21T08:30:00.000001Z', ID_A, 'old');
    const again = entry('2026-11-21T08:30:00.000001Z', ID_A, 'new');
    expect(mergeTimeline([first], [again])).toEqual([again]);
  });

  it('names the newest cursor, or none for an empty timeline', () => {
    expect(lastCursor([])).toBeUndefined();
    expect(lastCursor([entry('2026-11-21T08:30:00.000001Z', ID_A)])).toBe(
      `2026-11-21T08:30:00.000001Z_${ID_A}`,
    );
  });
});

describe('timeline cursor', () => {
  it('reads the microsecond time and the id back', () => {
    expect(parseTimelineCursor(`2026-11-21T08:30:00.123456Z_${ID_A}`)).toEqual({
      at: '2026-11-21T08:30:00.123456Z',
      id: ID_A,
    });
  });

  it('refuses millisecond times, impossible dates, upper-case or missing ids', () => {
    for (const text of [
      `2026-11-21T08:30:00.123Z_${ID_A}`,
      `2026-13-45T08:30:00.123456Z_${ID_A}`,
      `2026-11-21T08:30:00.123456Z_${ID_A.toUpperCase()}`,
      '2026-11-21T08:30:00.123456Z_',
      '',
    ]) {
      expect(parseTimelineCursor(text)).toBeUndefined();
      expect(timelineQuerySchema.safeParse({ after: text }).success).toBe(false);
    }
  });

  it('bounds the page size', () => {
    expect(timelineQuerySchema.parse({}).limit).toBe(100);
    expect(timelineQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
  });
});

describe('orderMessageRequestSchema', () => {
  it('trims the text and takes 1 to 2000 characters', () => {
    expect(orderMessageRequestSchema.parse({ message: '  Hello <b>there</b>\n' })).toEqual({
      message: 'Hello <b>there</b>',
    });
    expect(orderMessageRequestSchema.parse({ message: 'x'.repeat(2000) }).message).toHaveLength(2000);
    for (const message of ['', '   ', 'x'.repeat(2001), 12, null, ['hi']]) {
      const result = orderMessageRequestSchema.safeParse({ message });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('order/invalid_message');
    }
  });

  it('reports a missing message as missing', () => {
    expect(orderMessageRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'general/missing_argument',
    );
  });
});
