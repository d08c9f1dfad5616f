import type { ReactNode } from 'react';

export type DataColumn = { label: string; align?: 'start' | 'end' };

/**
 * A table of records (the back office's lists): its caption says which rows it shows for screen readers,
 * its columns are headed, and it scrolls sideways inside its frame on a narrow screen instead of the page.
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
    <div className="overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="w-full text-left text-sm">
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
    </div>
  );
}
