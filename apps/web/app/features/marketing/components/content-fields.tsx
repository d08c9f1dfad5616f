import { STORE_TIME_NAME } from '@crossbuy/core/dates';
import { CONTENT_LINK_MAX_LENGTH, CONTENT_TITLE_MAX_LENGTH } from '@crossbuy/core/marketing';
import { FormTextField } from '../../../components/ui/form-fields';

// The fields several kinds of content share, each inside a form whose values hold its field.

/** Every kind's title. */
export function TitleField() {
  return (
    <FormTextField<{ title: string }>
      name="title"
      label="Title"
      required
      maxLength={CONTENT_TITLE_MAX_LENGTH}
    />
  );
}

/** Where a banner or popup leads, checked as core's isSafeContentLink checks it. */
export function LinkField({ hint }: { hint: string }) {
  return (
    <FormTextField<{ link: string }>
      name="link"
      label="Link"
      maxLength={CONTENT_LINK_MAX_LENGTH}
      autoComplete="off"
      spellCheck={false}
      hint={hint}
    />
  );
}

type ScheduleValues = { startsAt: string; endsAt: string };

/** When a piece of content shows: either edge may be left open. */
export function ScheduleFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormTextField<ScheduleValues>
        name="startsAt"
        label={`Shows from (${STORE_TIME_NAME})`}
        type="datetime-local"
        hint="Empty: now."
      />
      <FormTextField<ScheduleValues>
        name="endsAt"
        label={`Shows until (${STORE_TIME_NAME})`}
        type="datetime-local"
        hint="Empty: always."
      />
    </div>
  );
}

/**
 * An item's place in the home page's order and when it shows, the fields of {@link placeToFields}.
 * `hint` says which way the order runs.
 */
export function PlaceFields({ hint }: { hint: string }) {
  return (
    <>
      <FormTextField<{ position: string }> name="position" label="Position" inputMode="numeric" hint={hint} />
      <ScheduleFields />
    </>
  );
}
