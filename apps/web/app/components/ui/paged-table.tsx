import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from './data-table';
import { Loading } from './loading';
import { LoadFailure } from './page-states';
import { Pagination } from './pagination';

type PagedTableProps<Answer extends { total: number }, Row> = {
  /** The query of one page of the list; its answer says how many records there are in all. */
  list: UseQueryResult<Answer>;
  /** The records of the page the answer holds. */
  rowsOf: (answer: Answer) => readonly Row[];
  /** What is said while the page loads ("Loading customers…"). */
  loading: string;
  /** What could not be loaded ("the customers"), said with why. */
  what: string;
  /** What stands in for the table when the page has no records (an `EmptyList`, most often). */
  empty: ReactNode;
  /** The table's caption, given the range of records it shows ("1 to 20 of 45"). */
  caption: (range: string) => string;
  columns: readonly DataColumn[];
  rowKey: (row: Row) => string;
  /** A record's cells, one a column. */
  cells: (row: Row) => ReactNode;
  page: number;
  pageSize: number;
  /** The address of a page, keeping the list's filters. */
  hrefFor: (page: number) => string;
  /** What stands above the table when it has records (a count, tools that act on the records). */
  above?: (answer: Answer) => ReactNode;
};

/**
 * One page of a back-office list: loading, or why it could not load with a way to try again, or what
 * stands in when there is nothing to show, or the table of the page's records with the links to the others.
 */
export function PagedTable<Answer extends { total: number }, Row>({
  list,
  rowsOf,
  loading,
  what,
  empty,
  caption,
  columns,
  rowKey,
  cells,
  page,
  pageSize,
  hrefFor,
  above,
}: PagedTableProps<Answer, Row>) {
  if (list.isPending) return <Loading>{loading}</Loading>;
  if (list.isError) return <LoadFailure what={what} error={list.error} onRetry={() => void list.refetch()} />;
  const rows = rowsOf(list.data);
  if (rows.length === 0) return <>{empty}</>;
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      {above?.(list.data)}
      <DataTable
        caption={caption(`${first} to ${first + rows.length - 1} of ${list.data.total}`)}
        columns={columns}
      >
        {rows.map((row) => (
          <tr key={rowKey(row)} className="align-top">
            {cells(row)}
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil(list.data.total / pageSize))}
        hrefFor={hrefFor}
      />
    </>
  );
}
