import type { CSSProperties, ReactNode } from 'react';

export type DataColumn = { label: string; align?: 'start' | 'end' };

/** As many columns as a back-office table has; app.css labels the cells of each on a phone. */
export const DATA_TABLE_MAX_COLUMNS = 10;

/**
 * Each column's heading as a CSS string, for app.css's `.data-table` rules to write beside its cells when
 * the rows become cards; JSON's quoting and escapes are CSS's too for these words.
 */
function columnLabels(columns: readonly DataColumn[]): CSSProperties {
  return Object.fromEntries(
    columns
      .slice(0, DATA_TABLE_MAX_COLUMNS)
      .map(({ label }, index) => [`--data-table-label-${index + 1}`, JSON.stringify(label)]),
  ) as CSSProperties;
}

/**
 * A table of records (the back office's lists): its caption says which rows it shows for screen readers,
 * and its columns are headed. On a desk's screen it is a table, scrolling sideways inside its frame when
 * it is wider, the frame a focusable region so a keyboard can scroll it too. On a phone each row is a card
 * of its facts, each beside its column's heading (app.css), so nothing is hidden off to the side.
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly DataColumn[];
  children: ReactNode;
}) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled by keyboard
      tabIndex={0}
      className="data-table-frame overflow-x-auto rounded-2xl border border-line bg-white"
    >
      <table className="data-table w-full text-left text-sm" style={columnLabels(columns)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-brand-50">
          <tr>
            {columns.map(({ label, align }) => (
              <th key={label} scope="col" className={align === 'end' ? 'p-3 text-end' : 'p-3'}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </section>
  );
}
