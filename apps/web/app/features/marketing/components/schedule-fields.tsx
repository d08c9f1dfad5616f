import { FormTextField } from '../../../components/ui/form-fields';

type ScheduleValues = { startsAt: string; endsAt: string };

/** When a piece of content shows: either edge may be left open. Inside a form whose values hold both. */
export function ScheduleFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormTextField<ScheduleValues>
        name="startsAt"
        label="Shows from"
        type="datetime-local"
        hint="Empty: now."
      />
      <FormTextField<ScheduleValues>
        name="endsAt"
        label="Shows until"
        type="datetime-local"
        hint="Empty: always."
      />
    </div>
  );
}
