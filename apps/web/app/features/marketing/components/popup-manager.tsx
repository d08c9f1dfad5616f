import {
  CONTENT_TEXT_MAX_LENGTH,
  type PopupDraft,
  popupDraftSchema,
  type StorePopup,
} from '@crossbuy/core/marketing';
import { FormTextField } from '../../../components/ui/form-fields';
import { popupCalls } from '../api/content-kinds-api';
import { ContentEditor, type ContentKindEditor } from './content-editor';
import { LinkField, ScheduleFields, TitleField } from './content-fields';
import { ContentPictureField } from './content-picture-field';
import { draftResolver, scheduleFromFields, scheduleToFields } from './draft-form';

type PopupFormValues = {
  title: string;
  body: string;
  image: string;
  link: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
};

const resolver = draftResolver<PopupFormValues, typeof popupDraftSchema>(popupDraftSchema, (values) => ({
  ...values,
  ...scheduleFromFields(values),
}));

/** A popup's words, optional picture, link and schedule. */
function PopupFields({ item: popup }: { item: StorePopup | null }) {
  return (
    <>
      <TitleField />
      <FormTextField<PopupFormValues> name="body" label="Text" maxLength={CONTENT_TEXT_MAX_LENGTH} />
      <ContentPictureField<PopupFormValues>
        name="image"
        kept={popup?.image ?? null}
        hint="Optional. Pictures in the store's banner and page folders, and those uploaded here."
      />
      <LinkField hint="A path on this site, such as /image_page/japan-week, or an address starting with https://. Empty for none." />
      <ScheduleFields />
    </>
  );
}

const popupEditor: ContentKindEditor<StorePopup, PopupFormValues, PopupDraft> = {
  words: {
    headingId: 'popups-heading',
    title: 'Popups',
    plural: 'popups',
    intro: <p className="text-muted">Visitors of the home page see the newest live popup once.</p>,
    listLabel: 'Popups, newest first',
    noun: 'popup',
    deleteQuestion: (popup) => `Delete the popup “${popup.title}”? It cannot be brought back.`,
  },
  ordered: false,
  calls: popupCalls,
  form: {
    values: (popup) => ({
      title: popup?.title ?? '',
      body: popup?.body ?? '',
      image: popup?.image ?? '',
      link: popup?.link ?? '',
      ...scheduleToFields(popup),
    }),
    resolver: () => resolver,
    fieldsByCode: {
      'content/invalid_title': 'title',
      'content/invalid_text': 'body',
      'content/invalid_image': 'image',
      'content/invalid_link': 'link',
      'content/invalid_window': 'endsAt',
    },
    Fields: PopupFields,
  },
  card: {
    status: (popup) => popup.status,
    details: (popup) => (
      <>
        {popup.body ? <p className="text-muted">{popup.body}</p> : null}
        <p className="text-sm break-all">
          {popup.image ? `Picture ${popup.image}` : 'No picture'} ·{' '}
          {popup.link ? `Links to ${popup.link}` : 'No link'}
        </p>
      </>
    ),
    draft: ({ id, imageUrl, status, createdAt, ...fields }) => fields,
  },
};

/** The home page's popups, newest first: the newest live one greets visitors. */
export function PopupManager() {
  return <ContentEditor kind={popupEditor} />;
}
