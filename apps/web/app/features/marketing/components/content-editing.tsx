import { messageForError } from '@crossbuy/core/errors';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { EmptyList, LoadFailure } from '../../../components/ui/page-states';

/**
 * What a page of the home page's content (banners, popups, product groups, image pages) keeps while staff
 * edit it: which item's form is open, and the notice that says what the last change did. Opening a form
 * clears the notice; after a form closes or an item goes, focus returns to the page's heading rather than
 * the page's top.
 */
export function useContentEditing() {
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  return {
    editing,
    notice,
    heading,
    edit: (id: string | 'new') => {
      setNotice('');
      setEditing(id);
    },
    /** Closes the form with `text` as the notice (a form closed unsaved says nothing). */
    finish: (text: string) => {
      setEditing(null);
      setNotice(text);
      heading.current?.focus();
    },
    /** Says what a change made in place did; focus stays where it is. */
    announce: setNotice,
  };
}

type ContentItem = { title: string; active: boolean };

/**
 * An item's Edit, Show or Hide, and Delete (asked first) buttons, and the refusal of either change.
 * `noun` names the item in the notices ("The banner “Japan Week” is now hidden."); `draft` is what a save
 * sends, of which showing or hiding flips `active`. Without a `deleteQuestion` the item cannot be deleted.
 */
export function ContentItemActions<Draft extends { active: boolean }>({
  noun,
  item,
  draft,
  toggle,
  remove,
  deleteQuestion,
  onEdit,
  onToggled,
  onDeleted,
  children,
}: {
  noun: string;
  item: ContentItem;
  draft: Omit<Draft, 'active'>;
  toggle: UseMutationResult<ContentItem, Error, Draft>;
  remove: UseMutationResult<unknown, Error, void>;
  deleteQuestion: string | null;
  onEdit: () => void;
  onToggled: (notice: string) => void;
  onDeleted: (notice: string) => void;
  /** Shown between the buttons and a refusal, such as why the item cannot be deleted. */
  children?: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${item.title}`}>
          Edit
        </Button>
        <Button
          variant="secondary"
          disabled={toggle.isPending}
          onClick={() =>
            toggle.mutate({ ...draft, active: !item.active } as Draft, {
              onSuccess: (saved) =>
                onToggled(`The ${noun} “${saved.title}” is now ${saved.active ? 'shown' : 'hidden'}.`),
            })
          }
          aria-label={`${item.active ? 'Hide' : 'Show'} ${item.title}`}
        >
          {item.active ? 'Hide' : 'Show'}
        </Button>
        {deleteQuestion === null ? null : (
          <AskFirst
            label={`Delete ${item.title}`}
            question={deleteQuestion}
            confirmLabel="Delete it"
            busyLabel="Deleting…"
            keepLabel="Keep it"
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => onDeleted(`The ${noun} “${item.title}” has been deleted.`),
              })
            }
          />
        )}
      </div>
      {children}
      {remove.isError || toggle.isError ? (
        <Alert>{messageForError(remove.error ?? toggle.error)}</Alert>
      ) : null}
    </>
  );
}

type ContentListPageProps<Item extends { id: string }> = {
  /** What useContentEditing() returned: which form is open and the notice. */
  editing: ReturnType<typeof useContentEditing>;
  headingId: string;
  title: string;
  /** The items in lower case ("home product groups"), for the loading, failure and empty states. */
  plural: string;
  newLabel: string;
  /** Said under the heading, such as which of the items visitors see. */
  intro?: ReactNode;
  list: UseQueryResult<Item[]>;
  /** An ordered list when the items' order is the home page's. */
  ordered: boolean;
  listLabel: string;
  /** The item's form, or a new item's for `null`; it calls `finish` when it closes. */
  form: (item: Item | null) => ReactNode;
  /** The item as listed, an `<li>` with its actions. */
  card: (item: Item) => ReactNode;
};

/** Where a new item of an ordered list goes: after the last, at the first free position. */
export function positionAfterLast(items: readonly { position: number }[] | undefined): number {
  return (items ?? []).reduce((highest, item) => Math.max(highest, item.position + 1), 0);
}

/**
 * A page of the home page's content: its heading and New button, the notice, the new item's form, and the
 * items, each shown as its card or, while it is edited, as its form in its place.
 */
export function ContentListPage<Item extends { id: string }>({
  editing: { editing, notice, heading, edit },
  headingId,
  title,
  plural,
  newLabel,
  intro,
  list,
  ordered,
  listLabel,
  form,
  card,
}: ContentListPageProps<Item>) {
  const items = list.data ?? [];
  const List = ordered ? 'ol' : 'ul';
  return (
    <section className="flex flex-col gap-6" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight">
          {title}
        </h1>
        {editing === null ? <Button onClick={() => edit('new')}>{newLabel}</Button> : null}
      </div>
      {intro}
      <p role="status" className="text-sm">
        {notice}
      </p>
      {editing === 'new' ? form(null) : null}
      {list.isPending ? (
        <Loading>{`Loading ${plural}…`}</Loading>
      ) : list.isError ? (
        <LoadFailure what={`the ${plural}`} error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList>{`No ${plural} yet.`}</EmptyList>
      ) : (
        <List className="flex flex-col gap-4" aria-label={listLabel}>
          {items.map((item) => (
            <Fragment key={item.id}>{editing === item.id ? <li>{form(item)}</li> : card(item)}</Fragment>
          ))}
        </List>
      )}
    </section>
  );
}
