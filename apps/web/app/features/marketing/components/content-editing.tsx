import { messageForError } from '@crossbuy/core/errors';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { Button } from '../../../components/ui/button';

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
