import type { TimelineEntry } from './schemas.js';

/**
 * Entries already held plus newly received ones, each once (by id), in timeline order. A cursor's text
 * sorts as its (time, id) pair does: the time is fixed-width UTC with microseconds and ids are lower-case
 * uuids, which PostgreSQL also orders byte by byte. Live streams may repeat an entry; it stays one.
 */
export function mergeTimeline<Entry extends Pick<TimelineEntry, 'id' | 'cursor'>>(
  held: readonly Entry[],
  received: readonly Entry[],
): Entry[] {
  const byId = new Map<string, Entry>();
  for (const entry of held) byId.set(entry.id, entry);
  for (const entry of received) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => (a.cursor < b.cursor ? -1 : a.cursor > b.cursor ? 1 : 0));
}

/** The cursor of the newest entry, to ask for what came after it. */
export function lastCursor(entries: readonly Pick<TimelineEntry, 'cursor'>[]): string | undefined {
  return entries.at(-1)?.cursor;
}
