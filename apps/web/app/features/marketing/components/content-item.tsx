import { messageForError } from '@crossbuy/core/errors';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { Button } from '../../../components/ui/button';
import { Form, FormSubmitRow, RequiredFieldsNote } from '../../../components/ui/form';
import { FormCheckbox } from '../../../components/ui/form-fields';
import { showServerError } from '../../../lib/form-errors';
import { useDeleteContentItem, useSaveContentItem, useUpdateContentItem } from '../api/content-items-api';
import type { ContentKindEditor, EditableItem } from './content-editor';
import { ContentStatusBadge } from './status-badge';

/** The item's form, or a new item's for `null`: the kind's fields, its switch, and Save or Add. */
export function ContentItemForm<
  Item extends EditableItem,
  Values extends FieldValues & { active: boolean },
  Draft extends { active: boolean },
  NewDraft,
>({
  kind,
  item,
  items,
  onDone,
}: {
  kind: ContentKindEditor<Item, Values, Draft, NewDraft>;
  item: Item | null;
  items: readonly Item[];
  /** With the item as saved, or null when the form closes unsaved. */
  onDone: (saved: Item | null) => void;
}) {
  const save = useSaveContentItem(kind.calls, item?.id ?? null);
  const [message, setMessage] = useState<string | undefined>();
  const [resolver] = useState(() => kind.form.resolver(item));
  // The switch is the same for every kind: a new item starts switched on.
  const [defaultValues] = useState(
    () => ({ ...kind.form.values(item, items), active: item?.active ?? true }) as DefaultValues<Values>,
  );
  const form = useForm<Values, unknown, Draft | NewDraft>({ resolver, defaultValues });
  const { noun, formNoun = noun } = kind.words;
  const { Fields } = kind.form;

  const onSubmit = form.handleSubmit(async (draft) => {
    setMessage(undefined);
    try {
      onDone(await save.mutateAsync(draft));
    } catch (error) {
      setMessage(showServerError(error, form.setError, kind.form.fieldsByCode));
    }
  });

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label={item ? `Edit ${formNoun} ${item.title}` : `New ${formNoun}`}
      message={message}
      errorSummary
      intro={<RequiredFieldsNote />}
      className="rounded-2xl border border-line bg-white p-4"
    >
      <Fields item={item} />
      <FormCheckbox<{ active: boolean }> name="active" label={`Show this ${noun}`} />
      <FormSubmitRow
        label={item ? `Save ${noun}` : `Add ${noun}`}
        pendingLabel="Saving…"
        secondary={{ label: 'Cancel', onClick: () => onDone(null) }}
      />
    </Form>
  );
}

/** What listing an item needs of its kind: its words, its calls and how its card reads; not its form. */
type ListedKind<Item extends EditableItem, Draft extends { active: boolean }, NewDraft> = Pick<
  ContentKindEditor<Item, FieldValues & { active: boolean }, Draft, NewDraft>,
  'words' | 'calls' | 'card'
>;

/** The item as listed: its title, status and details, and its actions. */
export function ContentItemCard<Item extends EditableItem, Draft extends { active: boolean }, NewDraft>({
  kind,
  item,
  onEdit,
  onDeleted,
  onToggled,
}: {
  kind: ListedKind<Item, Draft, NewDraft>;
  item: Item;
  onEdit: () => void;
  /** After the item is gone: the notice to announce. */
  onDeleted: (notice: string) => void;
  /** After it is shown or hidden: the notice to announce; focus stays on the button. */
  onToggled: (notice: string) => void;
}) {
  const remove = useDeleteContentItem(kind.calls, item.id);
  const toggle = useUpdateContentItem(kind.calls, item.id);
  const { card } = kind;
  const words = (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold break-words">{item.title}</h2>
        <ContentStatusBadge status={card.status(item)} />
      </div>
      {card.details(item)}
      <ContentItemActions<Draft>
        noun={kind.words.noun}
        item={item}
        draft={card.draft(item)}
        toggle={toggle}
        remove={remove}
        deleteQuestion={kind.words.deleteQuestion(item)}
        onEdit={onEdit}
        onToggled={onToggled}
        onDeleted={onDeleted}
      >
        {card.note?.(item)}
      </ContentItemActions>
    </>
  );
  if (!card.picture) {
    return <li className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4">{words}</li>;
  }
  const picture = card.picture(item);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row">
      {picture ? (
        <img src={picture} alt="" className="aspect-[3/1] w-full rounded-lg object-cover sm:w-56" />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">{words}</div>
    </li>
  );
}

/**
 * An item's Edit, Show or Hide, and Delete (asked first) buttons, and the refusal of either change.
 * `noun` names the item in the notices ("The banner “Japan Week” is now hidden."); `draft` is what a save
 * sends, of which showing or hiding flips `active`. Without a `deleteQuestion` the item cannot be deleted.
 */
function ContentItemActions<Draft extends { active: boolean }>({
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
  item: EditableItem;
  draft: Omit<Draft, 'active'>;
  toggle: UseMutationResult<EditableItem, Error, Draft>;
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
