import {
  type BannerDraft,
  bannerDraftSchema,
  CONTENT_TEXT_MAX_LENGTH,
  type StoreBanner,
} from '@crossbuy/core/marketing';
import { FormTextField } from '../../../components/ui/form-fields';
import { bannerCalls } from '../api/content-kinds-api';
import { ContentEditor, type ContentKindEditor } from './content-editor';
import { LinkField, PlaceFields, TitleField } from './content-fields';
import { ContentPictureField } from './content-picture-field';
import { draftResolver, PLACE_FIELDS_BY_CODE, placeFromFields, placeToFields } from './draft-form';

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

const resolver = draftResolver<BannerFormValues, typeof bannerDraftSchema>(bannerDraftSchema, (values) => ({
  ...values,
  ...placeFromFields(values),
}));

/** A banner's words, picture (a content picture or an upload), link, place in the order and schedule. */
function BannerFields({ item: banner }: { item: StoreBanner | null }) {
  return (
    <>
      <TitleField />
      <FormTextField<BannerFormValues> name="subtitle" label="Subtitle" maxLength={CONTENT_TEXT_MAX_LENGTH} />
      <ContentPictureField<BannerFormValues>
        name="image"
        required
        kept={banner?.image ?? null}
        hint="Pictures in the store's banner and page folders, and those uploaded here."
      />
      <LinkField hint="A path on this site, such as /search?q=tea, or an address starting with https://. Empty for none." />
      <PlaceFields hint="Banners show from the lowest position up." />
    </>
  );
}

const bannerEditor: ContentKindEditor<StoreBanner, BannerFormValues, BannerDraft> = {
  words: {
    headingId: 'banners-heading',
    title: 'Banners',
    plural: 'banners',
    listLabel: "Banners in the home page's order",
    noun: 'banner',
    deleteQuestion: (banner) =>
      `Delete the banner “${banner.title}”? It leaves the home page and cannot be brought back.`,
  },
  ordered: true,
  calls: bannerCalls,
  form: {
    values: (banner, banners) => ({
      title: banner?.title ?? '',
      subtitle: banner?.subtitle ?? '',
      image: banner?.image ?? '',
      link: banner?.link ?? '',
      ...placeToFields(banner, banners),
    }),
    resolver: () => resolver,
    fieldsByCode: {
      'content/invalid_title': 'title',
      'content/invalid_text': 'subtitle',
      'content/invalid_image': 'image',
      'content/invalid_link': 'link',
      ...PLACE_FIELDS_BY_CODE,
    },
    Fields: BannerFields,
  },
  card: {
    picture: (banner) => banner.imageUrl,
    status: (banner) => banner.status,
    details: (banner) => (
      <>
        {banner.subtitle ? <p className="text-muted">{banner.subtitle}</p> : null}
        <p className="text-sm break-all">
          Position {banner.position} · {banner.link ? `Links to ${banner.link}` : 'No link'}
        </p>
      </>
    ),
    draft: ({ id, imageUrl, status, ...fields }) => fields,
  },
};

/** The home page's banners in their order: add, edit, switch, schedule and delete them. */
export function BannerManager() {
  return <ContentEditor kind={bannerEditor} />;
}
