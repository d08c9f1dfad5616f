import { STORE_TIME_NAME } from '@crossbuy/core/dates';
import { FormTextField } from '../../../components/ui/form-fields';

type ScheduleValues = { startsAt: string; endsAt: string };

/** When a piece of content shows: either edge may be left open. Inside a form whose values hold both. */
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
