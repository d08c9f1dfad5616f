import {
  CONTENT_LINK_MAX_LENGTH,
  CONTENT_TEXT_MAX_LENGTH,
  IMAGE_PAGE_ID_MAX_LENGTH,
  IMAGE_PAGE_PICTURES_MAX,
  type ImagePageDraft,
  imagePageDraftSchema,
  imagePagePath,
  type NewImagePage,
  newImagePageSchema,
  type StoreImagePage,
} from '@crossbuy/core/marketing';
import { useId } from 'react';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormSelectField, FormTextField } from '../../../components/ui/form-fields';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { imagePageCalls } from '../api/content-kinds-api';
import { ContentEditor, type ContentKindEditor } from './content-editor';
import { TitleField } from './content-fields';
import { draftResolver } from './draft-form';
import { useContentPictureOptions } from './picture-options';

type PictureValues = { image: string; link: string; alt: string };

type ImagePageFormValues = {
  id: string;
  title: string;
  pictures: PictureValues[];
  active: boolean;
};

const EMPTY_PICTURE: PictureValues = { image: '', link: '', alt: '' };

/**
 * Checks the form with the schema the server uses (a new page also names its address); each issue is
 * shown on its picture's own field, so a refused link reads beside that picture.
 */
function imagePageResolver(creating: boolean) {
  return creating
    ? draftResolver<ImagePageFormValues, typeof newImagePageSchema>(newImagePageSchema, (values) => values, [
        'pictures',
      ])
    : draftResolver<ImagePageFormValues, typeof imagePageDraftSchema>(
        imagePageDraftSchema,
        ({ title, pictures, active }) => ({ title, pictures, active }),
        ['pictures'],
      );
}

/** A page's address (new pages only), title, and pictures with their links and words. */
function ImagePageFields({ item: page }: { item: StoreImagePage | null }) {
  const { control } = useFormContext<ImagePageFormValues>();
  const pictureRows = useFieldArray({ control, name: 'pictures' });
  const { errors } = useFormState({ control, name: 'pictures' });
  const { pictures, options } = useContentPictureOptions(
    page?.pictures.map((picture) => picture.image) ?? [],
  );
  const listErrorId = useId();
  const listError = fieldErrorMessage(errors.pictures?.root ?? errors.pictures);

  return (
    <>
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
      <TitleField />
      <ErrorAlert error={pictures.error} />
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
    </>
  );
}

const imagePageEditor: ContentKindEditor<StoreImagePage, ImagePageFormValues, ImagePageDraft, NewImagePage> =
  {
    words: {
      headingId: 'image-pages-heading',
      title: 'Image pages',
      plural: 'image pages',
      listLabel: 'Image pages',
      noun: 'page',
      formNoun: 'image page',
      addedNotice: (page) => `The page “${page.title}” has been added at ${imagePagePath(page.id)}.`,
      deleteQuestion: (page) =>
        page.linkedFrom === 0
          ? `Delete the page “${page.title}”? Its address ${page.path} stops working and it cannot be brought back.`
          : null,
    },
    ordered: false,
    calls: imagePageCalls,
    form: {
      values: (page) => ({
        id: page?.id ?? '',
        title: page?.title ?? '',
        pictures: page?.pictures.map(({ image, link, alt }) => ({ image, link: link ?? '', alt })) ?? [
          EMPTY_PICTURE,
        ],
      }),
      resolver: (page) => imagePageResolver(page === null),
      fieldsByCode: {
        'content/invalid_page_id': 'id',
        'image_page/id_taken': 'id',
        'content/invalid_title': 'title',
        'content/invalid_pictures': 'pictures',
      },
      Fields: ImagePageFields,
    },
    card: {
      picture: (page) => page.pictures[0]?.imageUrl,
      // A page has no schedule: it is live while switched on.
      status: (page) => (page.active ? 'live' : 'disabled'),
      details: (page) => {
        const count = page.pictures.length;
        return (
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
        );
      },
      note: (page) =>
        page.linkedFrom > 0 ? (
          <p className="text-sm text-muted">
            To delete this page, first change the links of the banners and popups that lead to it; hiding it
            works at any time.
          </p>
        ) : null,
      draft: (page) => ({
        title: page.title,
        pictures: page.pictures.map(({ image, link, alt }) => ({ image, link, alt })),
      }),
    },
  };

/** The store's image pages: add, edit, switch and delete them. */
export function ImagePageManager() {
  return <ContentEditor kind={imagePageEditor} />;
}
