import {
  CONTENT_LINK_MAX_LENGTH,
  CONTENT_TEXT_MAX_LENGTH,
  CONTENT_TITLE_MAX_LENGTH,
  type PopupDraft,
  popupDraftSchema,
  type StorePopup,
} from '@crossbuy/core/marketing';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form, FormSubmitRow, RequiredFieldsNote } from '../../../components/ui/form';
import { FormCheckbox, FormTextField } from '../../../components/ui/form-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { useDeletePopup, usePopupList, useSavePopup } from '../api/popups-api';
import { ContentItemActions, ContentListPage, useContentEditing } from './content-editing';
import { ContentPictureField } from './content-picture-field';
import { draftResolver, fromDateTimeField, toDateTimeField } from './draft-form';
import { ScheduleFields } from './schedule-fields';
import { ContentStatusBadge } from './status-badge';

type PopupFormValues = {
  title: string;
  body: string;
  image: string;
  link: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
};

const FIELDS_BY_CODE: FieldsByCode<PopupFormValues> = {
  'content/invalid_title': 'title',
  'content/invalid_text': 'body',
  'content/invalid_image': 'image',
  'content/invalid_link': 'link',
  'content/invalid_window': 'endsAt',
};

function popupFormValues(popup: StorePopup | null): PopupFormValues {
  return {
    title: popup?.title ?? '',
    body: popup?.body ?? '',
    image: popup?.image ?? '',
    link: popup?.link ?? '',
    active: popup?.active ?? true,
    startsAt: toDateTimeField(popup?.startsAt ?? null),
    endsAt: toDateTimeField(popup?.endsAt ?? null),
  };
}

const resolver = draftResolver<PopupFormValues, typeof popupDraftSchema>(popupDraftSchema, (values) => ({
  ...values,
  startsAt: fromDateTimeField(values.startsAt),
  endsAt: fromDateTimeField(values.endsAt),
}));

function PopupForm({
  popup,
  onDone,
}: {
  popup: StorePopup | null;
  onDone: (saved: StorePopup | null) => void;
}) {
  const save = useSavePopup(popup?.id ?? null);
  const [message, setMessage] = useState<string | undefined>();
  const form = useForm<PopupFormValues, unknown, PopupDraft>({
    resolver,
    defaultValues: popupFormValues(popup),
  });

  const onSubmit = form.handleSubmit(async (draft) => {
    setMessage(undefined);
    try {
      onDone(await save.mutateAsync(draft));
    } catch (error) {
      setMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
    }
  });

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label={popup ? `Edit popup ${popup.title}` : 'New popup'}
      message={message}
      errorSummary
      intro={<RequiredFieldsNote />}
      className="rounded-2xl border border-line bg-white p-4"
    >
      <FormTextField<PopupFormValues>
        name="title"
        label="Title"
        required
        maxLength={CONTENT_TITLE_MAX_LENGTH}
      />
      <FormTextField<PopupFormValues> name="body" label="Text" maxLength={CONTENT_TEXT_MAX_LENGTH} />
      <ContentPictureField<PopupFormValues>
        name="image"
        kept={popup?.image ?? null}
        hint="Optional. Pictures in the store's banner and page folders, and those uploaded here."
      />
      <FormTextField<PopupFormValues>
        name="link"
        label="Link"
        maxLength={CONTENT_LINK_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        hint="A path on this site, such as /image_page/japan-week, or an address starting with https://. Empty for none."
      />
      <ScheduleFields />
      <FormCheckbox<PopupFormValues> name="active" label="Show this popup" />
      <FormSubmitRow
        label={popup ? 'Save popup' : 'Add popup'}
        pendingLabel="Saving…"
        secondary={{ label: 'Cancel', onClick: () => onDone(null) }}
      />
    </Form>
  );
}

function PopupCard({
  popup,
  onEdit,
  onDeleted,
  onToggled,
}: {
  popup: StorePopup;
  onEdit: () => void;
  /** After the popup is gone: the notice to announce. */
  onDeleted: (notice: string) => void;
  /** After it is shown or hidden: the notice to announce; focus stays on the button. */
  onToggled: (notice: string) => void;
}) {
  const remove = useDeletePopup(popup.id);
  const toggle = useSavePopup(popup.id);
  const { id, imageUrl, status, createdAt, ...fields } = popup;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold break-words">{popup.title}</h2>
        <ContentStatusBadge status={popup.status} />
      </div>
      {popup.body ? <p className="text-muted">{popup.body}</p> : null}
      <p className="text-sm break-all">
        {popup.image ? `Picture ${popup.image}` : 'No picture'} ·{' '}
        {popup.link ? `Links to ${popup.link}` : 'No link'}
      </p>
      <ContentItemActions
        noun="popup"
        item={popup}
        draft={fields}
        toggle={toggle}
        remove={remove}
        deleteQuestion={`Delete the popup “${popup.title}”? It cannot be brought back.`}
        onEdit={onEdit}
        onToggled={onToggled}
        onDeleted={onDeleted}
      />
    </li>
  );
}

/** The home page's popups, newest first: the newest live one greets visitors. */
export function PopupManager() {
  const list = usePopupList();
  const editing = useContentEditing();
  const { finish, announce, edit } = editing;

  return (
    <ContentListPage
      editing={editing}
      headingId="popups-heading"
      title="Popups"
      plural="popups"
      newLabel="New popup"
      intro={<p className="text-muted">Visitors of the home page see the newest live popup once.</p>}
      list={list}
      ordered={false}
      listLabel="Popups, newest first"
      form={(popup) => (
        <PopupForm
          popup={popup}
          onDone={(saved) =>
            finish(saved ? `The popup “${saved.title}” has been ${popup ? 'saved' : 'added'}.` : '')
          }
        />
      )}
      card={(popup) => (
        <PopupCard popup={popup} onEdit={() => edit(popup.id)} onDeleted={finish} onToggled={announce} />
      )}
    />
  );
}
