import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from './data-table';
import { Loading } from './loading';
import { LoadFailure } from './page-states';
import { Pagination } from './pagination';

type PagedListProps<Answer extends { total: number }, Row> = {
  /** The query of one page of the list; its answer says how many records there are in all. */
  list: UseQueryResult<Answer>;
  /** The records of the page the answer holds. */
  rowsOf: (answer: Answer) => readonly Row[];
  /** What is said while the page loads ("Loading customers…"). */
  loading: string;
  /** What could not be loaded ("the customers"), said with why. */
  what: string;
  /** What stands in for the records when the page has none (an `EmptyList`, most often). */
  empty: ReactNode;
  page: number;
  pageSize: number;
  /** The address of a page, keeping the list's filters. */
  hrefFor: (page: number) => string;
};

/**
 * One page of a list: loading, or why it could not load with a way to try again, or what stands in when
 * there is nothing to show, or the page's records (drawn by `children`, given the range they are, such as
 * "1 to 20 of 45", for the list's name) with the links to the other pages.
 */
export function PagedList<Answer extends { total: number }, Row>({
  list,
  rowsOf,
  loading,
  what,
  empty,
  page,
  pageSize,
  hrefFor,
  children,
}: PagedListProps<Answer, Row> & {
  children: (rows: readonly Row[], range: string, answer: Answer) => ReactNode;
}) {
  if (list.isPending) return <Loading>{loading}</Loading>;
  if (list.isError) return <LoadFailure what={what} error={list.error} onRetry={() => void list.refetch()} />;
  const rows = rowsOf(list.data);
  if (rows.length === 0) return <>{empty}</>;
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      {children(rows, `${first} to ${first + rows.length - 1} of ${list.data.total}`, list.data)}
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil(list.data.total / pageSize))}
        hrefFor={hrefFor}
      />
    </>
  );
}

type PagedTableProps<Answer extends { total: number }, Row extends { id: string }> = PagedListProps<
  Answer,
  Row
> & {
  /** The table's caption, given the range of records it shows ("1 to 20 of 45"). */
  caption: (range: string) => string;
  columns: readonly DataColumn[];
  /** A record's cells, one a column. */
  cells: (row: Row) => ReactNode;
  /** What stands above the table when it has records (a count, tools that act on the records). */
  above?: (answer: Answer) => ReactNode;
};

/** One page of a back-office list as a table of its records, a row each. */
export function PagedTable<Answer extends { total: number }, Row extends { id: string }>({
  caption,
  columns,
  cells,
  above,
  ...paged
}: PagedTableProps<Answer, Row>) {
  return (
    <PagedList {...paged}>
      {(rows, range, answer) => (
        <>
          {above?.(answer)}
          <DataTable caption={caption(range)} columns={columns}>
            {rows.map((row) => (
              <tr key={row.id} className="align-top">
                {cells(row)}
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </PagedList>
  );
}
