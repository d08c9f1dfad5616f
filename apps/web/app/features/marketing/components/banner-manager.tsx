import {
  type BannerDraft,
  bannerDraftSchema,
  CONTENT_LINK_MAX_LENGTH,
  CONTENT_TEXT_MAX_LENGTH,
  CONTENT_TITLE_MAX_LENGTH,
  type StoreBanner,
} from '@crossbuy/core/marketing';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form, FormSubmitRow, RequiredFieldsNote } from '../../../components/ui/form';
import { FormCheckbox, FormTextField } from '../../../components/ui/form-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { useBannerList, useDeleteBanner, useSaveBanner } from '../api/banners-api';
import { ContentItemActions, ContentListPage, positionAfterLast, useContentEditing } from './content-editing';
import { ContentPictureField } from './content-picture-field';
import { draftResolver, fromDateTimeField, toDateTimeField } from './draft-form';
import { ScheduleFields } from './schedule-fields';
import { ContentStatusBadge } from './status-badge';

type BannerFormValues = {
  title: string;
  subtitle: string;
  image: string;
  link: string;
  position: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
};

const FIELDS_BY_CODE: FieldsByCode<BannerFormValues> = {
  'content/invalid_title': 'title',
  'content/invalid_text': 'subtitle',
  'content/invalid_image': 'image',
  'content/invalid_link': 'link',
  'content/invalid_position': 'position',
  'content/invalid_window': 'endsAt',
};

function bannerFormValues(banner: StoreBanner | null, nextPosition: number): BannerFormValues {
  return {
    title: banner?.title ?? '',
    subtitle: banner?.subtitle ?? '',
    image: banner?.image ?? '',
    link: banner?.link ?? '',
    position: String(banner?.position ?? nextPosition),
    active: banner?.active ?? true,
    startsAt: toDateTimeField(banner?.startsAt ?? null),
    endsAt: toDateTimeField(banner?.endsAt ?? null),
  };
}

function toBannerInput(values: BannerFormValues) {
  return {
    ...values,
    position: values.position.trim() === '' ? 0 : Number(values.position.trim()),
    startsAt: fromDateTimeField(values.startsAt),
    endsAt: fromDateTimeField(values.endsAt),
  };
}

const resolver = draftResolver<BannerFormValues, typeof bannerDraftSchema>(bannerDraftSchema, toBannerInput);

/** A banner's words, picture (a content picture or an upload), link, place in the order and schedule. */
function BannerForm({
  banner,
  nextPosition,
  onDone,
}: {
  banner: StoreBanner | null;
  nextPosition: number;
  onDone: (saved: StoreBanner | null) => void;
}) {
  const save = useSaveBanner(banner?.id ?? null);
  const [message, setMessage] = useState<string | undefined>();
  const form = useForm<BannerFormValues, unknown, BannerDraft>({
    resolver,
    defaultValues: bannerFormValues(banner, nextPosition),
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
      label={banner ? `Edit banner ${banner.title}` : 'New banner'}
      message={message}
      errorSummary
      intro={<RequiredFieldsNote />}
      className="rounded-2xl border border-line bg-white p-4"
    >
      <FormTextField<BannerFormValues>
        name="title"
        label="Title"
        required
        maxLength={CONTENT_TITLE_MAX_LENGTH}
      />
      <FormTextField<BannerFormValues> name="subtitle" label="Subtitle" maxLength={CONTENT_TEXT_MAX_LENGTH} />
      <ContentPictureField<BannerFormValues>
        name="image"
        required
        kept={banner?.image ?? null}
        hint="Pictures in the store's banner and page folders, and those uploaded here."
      />
      <FormTextField<BannerFormValues>
        name="link"
        label="Link"
        maxLength={CONTENT_LINK_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        hint="A path on this site, such as /search?q=tea, or an address starting with https://. Empty for none."
      />
      <FormTextField<BannerFormValues>
        name="position"
        label="Position"
        inputMode="numeric"
        hint="Banners show from the lowest position up."
      />
      <ScheduleFields />
      <FormCheckbox<BannerFormValues> name="active" label="Show this banner" />
      <FormSubmitRow
        label={banner ? 'Save banner' : 'Add banner'}
        pendingLabel="Saving…"
        secondary={{ label: 'Cancel', onClick: () => onDone(null) }}
      />
    </Form>
  );
}

function BannerCard({
  banner,
  onEdit,
  onDeleted,
  onToggled,
}: {
  banner: StoreBanner;
  onEdit: () => void;
  /** After the banner is gone: the notice to announce. */
  onDeleted: (notice: string) => void;
  /** After it is shown or hidden: the notice to announce; focus stays on the button. */
  onToggled: (notice: string) => void;
}) {
  const remove = useDeleteBanner(banner.id);
  const toggle = useSaveBanner(banner.id);
  const { id, imageUrl, status, ...fields } = banner;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row">
      <img src={banner.imageUrl} alt="" className="aspect-[3/1] w-full rounded-lg object-cover sm:w-56" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold break-words">{banner.title}</h2>
          <ContentStatusBadge status={banner.status} />
        </div>
        {banner.subtitle ? <p className="text-muted">{banner.subtitle}</p> : null}
        <p className="text-sm break-all">
          Position {banner.position} · {banner.link ? `Links to ${banner.link}` : 'No link'}
        </p>
        <ContentItemActions
          noun="banner"
          item={banner}
          draft={fields}
          toggle={toggle}
          remove={remove}
          deleteQuestion={`Delete the banner “${banner.title}”? It leaves the home page and cannot be brought back.`}
          onEdit={onEdit}
          onToggled={onToggled}
          onDeleted={onDeleted}
        />
      </div>
    </li>
  );
}

/** The home page's banners in their order: add, edit, switch, schedule and delete them. */
export function BannerManager() {
  const list = useBannerList();
  const editing = useContentEditing();
  const { finish, announce, edit } = editing;

  return (
    <ContentListPage
      editing={editing}
      headingId="banners-heading"
      title="Banners"
      plural="banners"
      newLabel="New banner"
      list={list}
      ordered
      listLabel="Banners in the home page's order"
      form={(banner) => (
        <BannerForm
          banner={banner}
          nextPosition={positionAfterLast(list.data)}
          onDone={(saved) =>
            finish(saved ? `The banner “${saved.title}” has been ${banner ? 'saved' : 'added'}.` : '')
          }
        />
      )}
      card={(banner) => (
        <BannerCard banner={banner} onEdit={() => edit(banner.id)} onDeleted={finish} onToggled={announce} />
      )}
    />
  );
}
