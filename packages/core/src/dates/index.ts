import { STORE_TIME_NAME, STORE_TIME_ZONE } from './store-day.js';

/** A moment as a `Date` or an ISO 8601 string; a bare 'YYYY-MM-DD' is a calendar date, not a moment. */
export type DateInput = Date | string;

/** An IANA zone such as 'Asia/Singapore'; UTC when absent, so server and browser render the same text. */
export type TimeZoneOption = { timeZone?: string };

type CalendarParts = { year: number; month: number; day: number };
type DateTimeParts = CalendarParts & { hour: number; minute: number; second: number };

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDate({ year, month, day }: CalendarParts): boolean {
  return (
    year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

function calendarParts(value: string): CalendarParts | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(parts) ? parts : null;
}

/** True for a 'YYYY-MM-DD' string naming a day that exists (so not 2026-02-30). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && calendarParts(value) !== null;
}

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      // 'h23' keeps midnight as 00, where some engines would print 24.
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function dateTimeParts(value: DateInput, timeZone = 'UTC'): DateTimeParts {
  const parts = formatterFor(timeZone).formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

// A calendar date has no time zone: 1990-05-17 is the 17th wherever it is shown.
function dayOf(value: DateInput, options: TimeZoneOption): CalendarParts {
  return (typeof value === 'string' && calendarParts(value)) || dateTimeParts(value, options.timeZone);
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function formatDay({ year, month, day }: CalendarParts): string {
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/** 'DD/MM/YYYY' (docs/rules/money-dates-and-limits.md). */
export function formatDate(value: DateInput, options: TimeZoneOption = {}): string {
  return formatDay(dayOf(value, options));
}

/** 'DD/MM/YYYY HH:mm:ss' (docs/rules/money-dates-and-limits.md). */
export function formatDateTime(value: DateInput, options: TimeZoneOption = {}): string {
  const parts = dateTimeParts(value, options.timeZone);
  return `${formatDay(parts)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
}

/**
 * The day a moment falls on in the store's time zone, 'DD/MM/YYYY': the date a shopper is told (a voucher
 * starts, a quote expired), which must not be UTC's, a day behind before 08:00 in Singapore.
 */
export function formatStoreDate(value: DateInput): string {
  return formatDate(value, { timeZone: STORE_TIME_ZONE });
}

/** A moment as a shopper is told it, in the store's time and saying so: '01/12/2026 00:30:00 Singapore time'. */
export function formatStoreDateTime(value: DateInput): string {
  return `${formatStoreDateTimeUnlabelled(value)} ${STORE_TIME_NAME}`;
}

/**
 * A moment in the store's time without naming the zone: for a table column of times, whose heading names
 * it once ('When (Singapore time)'). Anywhere else, use formatStoreDateTime.
 */
export function formatStoreDateTimeUnlabelled(value: DateInput): string {
  return formatDateTime(value, { timeZone: STORE_TIME_ZONE });
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A moment as the store's clock reads it, 'YYYY-MM-DDTHH:mm': the value of a `datetime-local` field, which
 * is the store's time (not the browser's), so the field and the page around it agree.
 */
export function toStoreWallClock(value: DateInput): string {
  const parts = dateTimeParts(value, STORE_TIME_ZONE);
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** The moment the store's clock reads 'YYYY-MM-DDTHH:mm'; null for text that names no such time. */
export function fromStoreWallClock(text: string): Date | null {
  const match = WALL_CLOCK.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isRealDate({ year, month, day }) || hour > 23 || minute > 59) return null;
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The store's offset from UTC at about that moment: what its clock reads then, less UTC's.
  const read = dateTimeParts(new Date(asIfUtc), STORE_TIME_ZONE);
  const offset = Date.UTC(read.year, read.month - 1, read.day, read.hour, read.minute, read.second) - asIfUtc;
  return new Date(asIfUtc - offset);
}

/** The day as a year-month-day integer, e.g. 20261121 (docs/rules/money-dates-and-limits.md). */
export function toDateInteger(value: DateInput, options: TimeZoneOption = {}): number {
  const { year, month, day } = dayOf(value, options);
  return year * 10_000 + month * 100 + day;
}

/** The start (UTC midnight) of the day a year-month-day integer names. */
export function fromDateInteger(value: number): Date {
  const parts = { year: Math.floor(value / 10_000), month: Math.floor(value / 100) % 100, day: value % 100 };
  if (!Number.isInteger(value) || !isRealDate(parts)) throw new RangeError(`Invalid date integer: ${value}`);
  return new Date(`${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}T00:00:00Z`);
}
export * from './store-day.js';
