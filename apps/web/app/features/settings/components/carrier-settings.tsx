import { CARRIERS_MAX, type Carrier, TRACKING_PLACEHOLDER } from '@crossbuy/core/order';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { TextField } from '../../../components/ui/text-field';
import { useCarrierSettings, useSaveCarriers } from '../api/carrier-settings-api';

/** The carriers operators choose from when an order ships, with their tracking page addresses. */
export function CarrierSettings() {
  const carriers = useCarrierSettings();
  if (carriers.isPending) return <Loading>Loading the carriers…</Loading>;
  if (carriers.isError) {
    return <LoadFailure what="the carriers" error={carriers.error} onRetry={() => carriers.refetch()} />;
  }
  return <CarrierForm saved={carriers.data} />;
}

type Row = Carrier & { key: number };

function CarrierForm({ saved }: { saved: readonly Carrier[] }) {
  const save = useSaveCarriers();
  const headingId = useId();
  const [nextKey, setNextKey] = useState(saved.length);
  const [rows, setRows] = useState<Row[]>(() => saved.map((carrier, key) => ({ ...carrier, key })));
  const [notice, setNotice] = useState<string>();

  const change = (key: number, patch: Partial<Carrier>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => {
    setRows((current) => [...current, { key: nextKey, name: '', trackingUrlTemplate: 'https://' }]);
    setNextKey(nextKey + 1);
  };
  const submit = async () => {
    setNotice(undefined);
    try {
      const answer = await save.mutateAsync(
        rows.map(({ name, trackingUrlTemplate }) => ({ name, trackingUrlTemplate })),
      );
      setRows(answer.carriers.map((carrier, key) => ({ ...carrier, key })));
      setNextKey(answer.carriers.length);
      setNotice('The carriers are saved. Orders shipped before keep the tracking links they were sent.');
    } catch {
      // The refusal is shown from the mutation's error below.
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex max-w-3xl flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Carriers
      </h2>
      <p className="text-sm text-muted">
        Operators choose one of these when an order ships. The tracking page address holds{' '}
        <code className="font-mono">{TRACKING_PLACEHOLDER}</code> where the tracking number goes; the shopper
        is sent that link.
      </p>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ol className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <li
              key={row.key}
              aria-label={`Carrier ${index + 1}`}
              className="grid gap-3 rounded-xl border border-line bg-white p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
            >
              <TextField
                label={`Carrier ${index + 1} name`}
                value={row.name}
                onChange={(event) => change(row.key, { name: event.target.value })}
                maxLength={60}
                autoComplete="off"
              />
              <TextField
                label={`Carrier ${index + 1} tracking page address`}
                value={row.trackingUrlTemplate}
                onChange={(event) => change(row.key, { trackingUrlTemplate: event.target.value })}
                maxLength={500}
                type="url"
                autoComplete="off"
              />
              <Button
                variant="secondary"
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                disabled={rows.length === 1}
              >
                Remove<span className="sr-only"> carrier {index + 1}</span>
              </Button>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={add} disabled={rows.length >= CARRIERS_MAX}>
            Add a carrier
          </Button>
          <SubmitButton pending={save.isPending} pendingLabel="Saving…">
            Save carriers
          </SubmitButton>
        </div>
        <ErrorAlert error={save.error} />
        <p role="status" className="text-sm">
          {notice ?? ''}
        </p>
      </form>
    </section>
  );
}
