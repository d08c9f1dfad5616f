import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from './data-table';
import { Loading } from './loading';
import { LoadFailure } from './page-states';
import { Pagination } from './pagination';

/** An answer of one page of a list: how many records there are in all, and the page's under `Key`. */
type PageAnswer<Key extends string, Row = unknown> = { total: number } & { [Name in Key]: readonly Row[] };

/**
 * How a list names its records when it cannot load them: a bare plural takes "the" ("the customers"); a
 * phrase with its own ("your orders", "the audit log") is said as it is.
 */
export function failureWords(noun: string): string {
  return /^(the|your) /.test(noun) ? noun : `the ${noun}`;
}

type PagedListProps<Answer extends PageAnswer<Key>, Key extends string> = {
  /** The query of one page of the list; its answer says how many records there are in all. */
  list: UseQueryResult<Answer>;
  /** Where in the answer the page's records are ("customers"). */
  rows: Key;
  /**
   * What the list holds, as the loading sentence says it ("customers" makes "Loading customers…", "your
   * orders" "Loading your orders…"); a failure names them by `failureWords` ("We could not load the
   * customers").
   */
  noun: string;
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
export function PagedList<Answer extends PageAnswer<Key>, Key extends string>({
  list,
  rows: key,
  noun,
  empty,
  page,
  pageSize,
  hrefFor,
  children,
}: PagedListProps<Answer, Key> & {
  children: (rows: Answer[Key], range: string, answer: Answer) => ReactNode;
}) {
  if (list.isPending) return <Loading>{`Loading ${noun}…`}</Loading>;
  if (list.isError)
    return <LoadFailure what={failureWords(noun)} error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data[key];
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

type PagedTableProps<Answer extends PageAnswer<Key, { id: string }>, Key extends string> = PagedListProps<
  Answer,
  Key
> & {
  /** The table's caption, given the range of records it shows ("1 to 20 of 45"). */
  caption: (range: string) => string;
  columns: readonly DataColumn[];
  /** A record's cells, one a column. */
  cells: (row: Answer[Key][number]) => ReactNode;
  /** What stands above the table when it has records (a count, tools that act on the records). */
  above?: (answer: Answer) => ReactNode;
};

/** One page of a back-office list as a table of its records, a row each. */
export function PagedTable<Answer extends PageAnswer<Key, { id: string }>, Key extends string>({
  caption,
  columns,
  cells,
  above,
  ...paged
}: PagedTableProps<Answer, Key>) {
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
