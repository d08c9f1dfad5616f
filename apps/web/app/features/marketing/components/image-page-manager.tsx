import { messageForError } from '@crossbuy/core/errors';
import {
  CONTENT_LINK_MAX_LENGTH,
  CONTENT_TEXT_MAX_LENGTH,
  CONTENT_TITLE_MAX_LENGTH,
  IMAGE_PAGE_ID_MAX_LENGTH,
  IMAGE_PAGE_PICTURES_MAX,
  type ImagePageDraft,
  imagePageDraftSchema,
  imagePagePath,
  newImagePageSchema,
  type StoreImagePage,
} from '@crossbuy/core/marketing';
import { useId, useState } from 'react';
import { type FieldErrors, type Resolver, useFieldArray, useForm, useFormState } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormSubmitRow, RequiredFieldsNote } from '../../../components/ui/form';
import { FormCheckbox, FormSelectField, FormTextField } from '../../../components/ui/form-fields';
import { type FieldsByCode, fieldErrorMessage, showServerError } from '../../../lib/form-errors';
import { useDeleteImagePage, useImagePageList, useSaveImagePage } from '../api/image-pages-api';
import { ContentItemActions, ContentListPage, useContentEditing } from './content-editing';
import { useContentPictureOptions } from './picture-options';
import { ContentStatusBadge } from './status-badge';

type PictureValues = { image: string; link: string; alt: string };

type ImagePageFormValues = {
  id: string;
  title: string;
  pictures: PictureValues[];
  active: boolean;
};

const FIELDS_BY_CODE: FieldsByCode<ImagePageFormValues> = {
  'content/invalid_page_id': 'id',
  'image_page/id_taken': 'id',
  'content/invalid_title': 'title',
  'content/invalid_pictures': 'pictures',
};

const EMPTY_PICTURE: PictureValues = { image: '', link: '', alt: '' };

function imagePageFormValues(page: StoreImagePage | null): ImagePageFormValues {
  return {
    id: page?.id ?? '',
    title: page?.title ?? '',
    pictures: page?.pictures.map(({ image, link, alt }) => ({ image, link: link ?? '', alt })) ?? [
      EMPTY_PICTURE,
    ],
    active: page?.active ?? true,
  };
}

/**
 * Checks the form with the schema the server uses (a new page also names its address); each issue is
 * shown on its picture's own field, so a refused link reads beside that picture.
 */
function imagePageResolver(creating: boolean): Resolver<ImagePageFormValues, unknown, ImagePageDraft> {
  return async (values) => {
    const result = (creating ? newImagePageSchema : imagePageDraftSchema).safeParse(
      creating ? values : { title: values.title, pictures: values.pictures, active: values.active },
    );
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    const pictureErrors: Record<number, Record<string, { type: string; message: string }>> = {};
    for (const issue of result.error.issues) {
      const [field, index, part] = issue.path;
      const error = { type: 'validation', message: issue.message };
      if (field === 'pictures' && typeof index === 'number' && typeof part === 'string') {
        pictureErrors[index] ??= {};
        pictureErrors[index][part] ??= error;
      } else {
        errors[String(field ?? '')] ??= error;
      }
    }
    if (Object.keys(pictureErrors).length > 0 && !errors.pictures) {
      errors.pictures = Object.assign([], pictureErrors);
    }
    return { values: {}, errors: errors as FieldErrors<ImagePageFormValues> };
  };
}

/** A page's address (new pages only), title, pictures with their links and words, and switch. */
function ImagePageForm({
  page,
  onDone,
}: {
  page: StoreImagePage | null;
  onDone: (saved: StoreImagePage | null) => void;
}) {
  const save = useSaveImagePage(page?.id ?? null);
  const [message, setMessage] = useState<string | undefined>();
  const [resolver] = useState(() => imagePageResolver(page === null));
  const form = useForm<ImagePageFormValues, unknown, ImagePageDraft>({
    resolver,
    defaultValues: imagePageFormValues(page),
  });
  const pictureRows = useFieldArray({ control: form.control, name: 'pictures' });
  const { errors } = useFormState({ control: form.control, name: 'pictures' });
  const { pictures, options } = useContentPictureOptions(
    page?.pictures.map((picture) => picture.image) ?? [],
  );
  const listErrorId = useId();
  const listError = fieldErrorMessage(errors.pictures?.root ?? errors.pictures);

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
      label={page ? `Edit image page ${page.title}` : 'New image page'}
      message={message}
      errorSummary
      intro={<RequiredFieldsNote />}
      className="rounded-2xl border border-line bg-white p-4"
    >
      {page === null ? (
        <FormTextField<ImagePageFormValues>
          name="id"
          label="Address"
          required
          maxLength={IMAGE_PAGE_ID_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          hint="The page lives at /image_page/ followed by this, such as japan-week; it cannot be changed later."
        />
      ) : null}
      <FormTextField<ImagePageFormValues>
        name="title"
        label="Title"
        required
        maxLength={CONTENT_TITLE_MAX_LENGTH}
      />
      {pictures.isError ? <Alert>{messageForError(pictures.error)}</Alert> : null}
      <fieldset className="flex flex-col gap-3" aria-describedby={listError ? listErrorId : undefined}>
        <legend className="font-semibold">Pictures</legend>
        <p className="text-sm text-muted">
          Shown from top to bottom, 1 to {IMAGE_PAGE_PICTURES_MAX}. Each may lead to a path on this site or an
          https address.
        </p>
        <p id={listErrorId} aria-live="polite" className="text-sm text-danger-700">
          {listError}
        </p>
        <ol className="flex flex-col gap-4">
          {pictureRows.fields.map((row, index) => (
            <li key={row.id} className="flex flex-col gap-3 rounded-lg border border-line p-3">
              <FormSelectField<ImagePageFormValues>
                name={`pictures.${index}.image`}
                label={`Picture ${index + 1}`}
                required
                placeholder={pictures.isPending ? 'Loading pictures…' : 'Choose a picture'}
                options={options}
              />
              <FormTextField<ImagePageFormValues>
                name={`pictures.${index}.link`}
                label={`Link of picture ${index + 1}`}
                maxLength={CONTENT_LINK_MAX_LENGTH}
                autoComplete="off"
                spellCheck={false}
                hint="Such as /search?q=tea or https://…; empty for none."
              />
              <FormTextField<ImagePageFormValues>
                name={`pictures.${index}.alt`}
                label={`Description of picture ${index + 1}`}
                maxLength={CONTENT_TEXT_MAX_LENGTH}
                hint="What it shows, read to shoppers who cannot see it."
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  disabled={index === 0}
                  onClick={() => pictureRows.move(index, index - 1)}
                  aria-label={`Move picture ${index + 1} up`}
                >
                  Up
                </Button>
                <Button
                  variant="secondary"
                  disabled={index === pictureRows.fields.length - 1}
                  onClick={() => pictureRows.move(index, index + 1)}
                  aria-label={`Move picture ${index + 1} down`}
                >
                  Down
                </Button>
                <Button
                  variant="secondary"
                  disabled={pictureRows.fields.length === 1}
                  onClick={() => pictureRows.remove(index)}
                  aria-label={`Remove picture ${index + 1}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <div>
          <Button
            variant="secondary"
            disabled={pictureRows.fields.length >= IMAGE_PAGE_PICTURES_MAX}
            onClick={() => pictureRows.append(EMPTY_PICTURE)}
          >
            Add a picture
          </Button>
        </div>
      </fieldset>
      <FormCheckbox<ImagePageFormValues> name="active" label="Show this page" />
      <FormSubmitRow
        label={page ? 'Save page' : 'Add page'}
        pendingLabel="Saving…"
        secondary={{ label: 'Cancel', onClick: () => onDone(null) }}
      />
    </Form>
  );
}

function ImagePageCard({
  page,
  onEdit,
  onDeleted,
  onToggled,
}: {
  page: StoreImagePage;
  onEdit: () => void;
  /** After the page is gone: the notice to announce. */
  onDeleted: (notice: string) => void;
  /** After it is shown or hidden: the notice to announce; focus stays on the button. */
  onToggled: (notice: string) => void;
}) {
  const remove = useDeleteImagePage(page.id);
  const toggle = useSaveImagePage(page.id);
  const [first] = page.pictures;
  const count = page.pictures.length;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row">
      {first ? (
        <img src={first.imageUrl} alt="" className="aspect-[3/1] w-full rounded-lg object-cover sm:w-56" />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold break-words">{page.title}</h2>
          <ContentStatusBadge status={page.active ? 'live' : 'disabled'} />
        </div>
        <p className="text-sm break-all">
          {page.active ? (
            <Link to={page.path} className="font-semibold text-brand-800 underline">
              {page.path}
            </Link>
          ) : (
            page.path
          )}{' '}
          · {count} picture{count === 1 ? '' : 's'}
          {page.linkedFrom > 0
            ? ` · linked from ${page.linkedFrom} banner${page.linkedFrom === 1 ? '' : 's'} or popup${page.linkedFrom === 1 ? '' : 's'}`
            : ''}
        </p>
        <ContentItemActions
          noun="page"
          item={page}
          draft={{
            title: page.title,
            pictures: page.pictures.map(({ image, link, alt }) => ({ image, link, alt })),
          }}
          toggle={toggle}
          remove={remove}
          deleteQuestion={
            page.linkedFrom === 0
              ? `Delete the page “${page.title}”? Its address ${page.path} stops working and it cannot be brought back.`
              : null
          }
          onEdit={onEdit}
          onToggled={onToggled}
          onDeleted={onDeleted}
        >
          {page.linkedFrom > 0 ? (
            <p className="text-sm text-muted">
              To delete this page, first change the links of the banners and popups that lead to it; hiding it
              works at any time.
            </p>
          ) : null}
        </ContentItemActions>
      </div>
    </li>
  );
}

/** The store's image pages: add, edit, switch and delete them. */
export function ImagePageManager() {
  const list = useImagePageList();
  const editing = useContentEditing();
  const { finish, announce, edit } = editing;

  return (
    <ContentListPage
      editing={editing}
      headingId="image-pages-heading"
      title="Image pages"
      plural="image pages"
      newLabel="New page"
      list={list}
      ordered={false}
      listLabel="Image pages"
      form={(page) => (
        <ImagePageForm
          page={page}
          onDone={(saved) =>
            finish(
              saved
                ? page
                  ? `The page “${saved.title}” has been saved.`
                  : `The page “${saved.title}” has been added at ${imagePagePath(saved.id)}.`
                : '',
            )
          }
        />
      )}
      card={(page) => (
        <ImagePageCard page={page} onEdit={() => edit(page.id)} onDeleted={finish} onToggled={announce} />
      )}
    />
  );
}
