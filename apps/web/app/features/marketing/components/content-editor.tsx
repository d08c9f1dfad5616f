import type { ContentStatus } from '@crossbuy/core/marketing';
import { type ComponentType, Fragment, type ReactNode, useRef, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { EmptyList, LoadFailure } from '../../../components/ui/page-states';
import type { FieldsByCode } from '../../../lib/form-errors';
import { type ContentCalls, useContentList } from '../api/content-items-api';
import { ContentItemCard, ContentItemForm } from './content-item';

export type EditableItem = { id: string; title: string; active: boolean };

/**
 * One kind of the home page's content (banners, popups, home product groups, image pages) as its page
 * edits it: the words the page says, the calls it makes, the form's fields and how an item is listed.
 * Everything else (the list and its states, the form's errors and buttons, showing, hiding and deleting,
 * the notices and where focus goes) is the same for every kind and written once in `ContentEditor`.
 */
export type ContentKindEditor<
  Item extends EditableItem,
  Values extends FieldValues & { active: boolean },
  Draft extends { active: boolean },
  NewDraft = Draft,
> = {
  words: {
    headingId: string;
    /** The page's heading. */
    title: string;
    /** The items in lower case ("home product groups"), for the loading, failure and empty states. */
    plural: string;
    listLabel: string;
    /** Said under the heading, such as which of the items visitors see. */
    intro?: ReactNode;
    /**
     * One item in lower case for its buttons and notices: "banner" makes "New banner", "Add banner",
     * "Show this banner" and "The banner “Winter week” has been saved.".
     */
    noun: string;
    /** Names the item in its form's name when `noun` alone is too short ("Edit home group Tea time"). */
    formNoun?: string;
    /** The notice after adding an item, when it says more than that it was added. */
    addedNotice?: (saved: Item) => string;
    /** Asked before deleting the item; null when it cannot be deleted. */
    deleteQuestion: (item: Item) => string | null;
  };
  /** An ordered list when the items' order is the home page's. */
  ordered: boolean;
  calls: ContentCalls<Item, Draft, NewDraft>;
  form: {
    /** The form's values for the item, or a new item's among `items`, but its switch, which is the item's own. */
    values: (item: Item | null, items: readonly Item[]) => Omit<Values, 'active'>;
    /** Checks the values with core's schema for the item, or a new item's for `null`. */
    resolver: (item: Item | null) => Resolver<Values, unknown, Draft | NewDraft>;
    /** The field each of the server's refusals concerns. */
    fieldsByCode: FieldsByCode<Values>;
    /** The kind's fields, in the form above its switch and buttons. */
    Fields: ComponentType<{ item: Item | null }>;
  };
  card: {
    /** The picture a card shows beside its words; a kind without one shows its words alone. */
    picture?: (item: Item) => string | undefined;
    status: (item: Item) => ContentStatus;
    /** What the card says under its title. */
    details: (item: Item) => ReactNode;
    /** Said under the card's buttons, such as why it cannot be deleted. */
    note?: (item: Item) => ReactNode;
    /** What showing or hiding the item sends back, but its switch. */
    draft: (item: Item) => Omit<Draft, 'active'>;
  };
};

/**
 * What a page of the home page's content (banners, popups, product groups, image pages) keeps while staff
 * edit it: which item's form is open, and the notice that says what the last change did. Opening a form
 * clears the notice; after a form closes or an item goes, focus returns to the page's heading rather than
 * the page's top.
 */
function useContentEditing() {
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

/**
 * A page of one kind of content: its heading and New button, the notice, the new item's form, and the
 * items, each shown as its card or, while it is edited, as its form in its place.
 */
export function ContentEditor<
  Item extends EditableItem,
  Values extends FieldValues & { active: boolean },
  Draft extends { active: boolean },
  NewDraft,
>({ kind }: { kind: ContentKindEditor<Item, Values, Draft, NewDraft> }) {
  const list = useContentList(kind.calls);
  const { editing, notice, heading, edit, finish, announce } = useContentEditing();
  const { words } = kind;
  const savedNotice = (saved: Item, added: boolean) =>
    added && words.addedNotice
      ? words.addedNotice(saved)
      : `The ${words.noun} “${saved.title}” has been ${added ? 'added' : 'saved'}.`;
  const items = list.data ?? [];
  const form = (item: Item | null) => (
    <ContentItemForm
      kind={kind}
      item={item}
      items={items}
      onDone={(saved) => finish(saved ? savedNotice(saved, item === null) : '')}
    />
  );
  const List = kind.ordered ? 'ol' : 'ul';
  return (
    <section className="flex flex-col gap-6" aria-labelledby={words.headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={words.headingId} ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight">
          {words.title}
        </h1>
        {editing === null ? <Button onClick={() => edit('new')}>{`New ${words.noun}`}</Button> : null}
      </div>
      {words.intro}
      <p role="status" className="text-sm">
        {notice}
      </p>
      {editing === 'new' ? form(null) : null}
      {list.isPending ? (
        <Loading>{`Loading ${words.plural}…`}</Loading>
      ) : list.isError ? (
        <LoadFailure what={`the ${words.plural}`} error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList>{`No ${words.plural} yet.`}</EmptyList>
      ) : (
        <List className="flex flex-col gap-4" aria-label={words.listLabel}>
          {items.map((item) => (
            <Fragment key={item.id}>
              {editing === item.id ? (
                <li>{form(item)}</li>
              ) : (
                <ContentItemCard
                  kind={kind}
                  item={item}
                  onEdit={() => edit(item.id)}
                  onDeleted={finish}
                  onToggled={announce}
                />
              )}
            </Fragment>
          ))}
        </List>
      )}
    </section>
  );
}
