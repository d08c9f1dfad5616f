import { formatStoreDateTimeUnlabelled, STORE_TIME_NAME } from '@crossbuy/core/dates';
import { formatErrorMessage } from '@crossbuy/core/errors';
import { CURRENCIES } from '@crossbuy/core/money';
import { normalizeExchangeRate } from '@crossbuy/core/settings';
import { type FormEvent, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { Section } from '../../../components/ui/section';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type ExchangeRateList, useExchangeRates, useSetExchangeRate } from '../api/settings-api';
import { ConfirmPriceChange } from './confirm-price-change';
import { RateImport } from './rate-import';

const RATE_COLUMNS = [
  { label: 'Currency' },
  { label: 'Rate', align: 'end' },
  { label: `Changed (${STORE_TIME_NAME})` },
] as const;

/** The rates prices are converted at: listed, set one by hand, or imported from a file. */
export function ExchangeRateSettings() {
  const rates = useExchangeRates();
  if (rates.isPending) return <Loading>Loading the exchange rates…</Loading>;
  if (rates.isError) {
    return <LoadFailure what="the exchange rates" error={rates.error} onRetry={() => rates.refetch()} />;
  }
  const { baseCurrency } = rates.data;
  return (
    <div className="flex flex-col gap-8">
      <p className="max-w-2xl text-sm text-muted">
        Each rate is how many units of a currency one {baseCurrency} buys. Rates are kept exactly as written,
        up to 8 decimal places.
      </p>
      <RateTable list={rates.data} />
      <SetRateForm list={rates.data} />
      <RateImport baseCurrency={baseCurrency} />
    </div>
  );
}

function RateTable({ list }: { list: ExchangeRateList }) {
  if (list.rates.length === 0)
    return <p>No exchange rates yet: prices are shown in {list.baseCurrency} only.</p>;
  return (
    <DataTable caption={`Exchange rates per one ${list.baseCurrency}`} columns={RATE_COLUMNS}>
      {list.rates.map((rate) => (
        <tr key={rate.currency}>
          <th scope="row" className="p-3 font-semibold">
            {rate.currency}
          </th>
          <td className="p-3 text-end tabular-nums">{rate.rate}</td>
          <td className="p-3">{rate.updatedAt ? formatStoreDateTimeUnlabelled(rate.updatedAt) : '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function SetRateForm({ list }: { list: ExchangeRateList }) {
  const setRate = useSetExchangeRate();
  const [currency, setCurrency] = useState('');
  const [rate, setRateText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [asking, setAsking] = useState<{ currency: string; rate: string } | null>(null);
  const [done, setDone] = useState('');
  const rateInput = useRef<HTMLInputElement>(null);
  const currencies = CURRENCIES.filter((code) => code !== list.baseCurrency).sort();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    setRate.reset();
    const exact = normalizeExchangeRate(rate);
    if (exact === null) {
      setFieldError(formatErrorMessage('settings/invalid_exchange_rate'));
      rateInput.current?.focus();
      return;
    }
    setFieldError(undefined);
    setAsking({ currency, rate: exact });
  };

  const confirm = async (change: { currency: string; rate: string }) => {
    try {
      await setRate.mutateAsync(change);
      setDone(`${change.currency} is now ${change.rate} per ${list.baseCurrency}.`);
      setRateText('');
    } catch {
      rateInput.current?.focus();
    } finally {
      setAsking(null);
    }
  };

  return (
    <Section headingId="set-rate-heading" title="Set a rate" status={done}>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
        <SelectField
          label="Currency"
          required
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
          placeholder="Choose a currency"
          options={currencies.map((code) => ({ value: code, label: code }))}
          className="w-44"
        />
        <TextField
          ref={rateInput}
          label={`Rate per 1 ${list.baseCurrency}`}
          required
          inputMode="decimal"
          autoComplete="off"
          value={rate}
          onChange={(event) => setRateText(event.target.value)}
          error={fieldError}
          className="w-52"
        />
        <Button type="submit" className="sm:mt-7" disabled={currency === '' || asking !== null}>
          Set rate
        </Button>
      </form>
      {asking ? (
        <ConfirmPriceChange
          question={`${asking.currency} will be ${asking.rate} per ${list.baseCurrency}.`}
          confirmLabel="Set the rate"
          busy={setRate.isPending}
          onConfirm={() => confirm(asking)}
          onCancel={() => {
            setAsking(null);
            rateInput.current?.focus();
          }}
        />
      ) : null}
      <ErrorAlert error={setRate.error} />
    </Section>
  );
}
