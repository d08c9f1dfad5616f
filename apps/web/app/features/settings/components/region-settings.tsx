import { CURRENCIES, type CurrencyCode } from '@crossbuy/core/money';
import type { AdminRegion, RegionUpdate } from '@crossbuy/core/settings';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { DataTable } from '../../../components/ui/data-table';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { Section } from '../../../components/ui/section';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type RegionList, useCreateRegion, useRegionSettings, useUpdateRegion } from '../api/settings-api';
import { ConfirmPriceChange } from './confirm-price-change';

const REGION_COLUMNS = [
  { label: 'Region' },
  { label: 'Currency' },
  { label: 'Rate', align: 'end' },
  { label: 'On sale' },
  { label: 'Actions' },
] as const;

const CURRENCY_OPTIONS = [...CURRENCIES].sort().map((code) => ({ value: code, label: code }));

/** The countries the store sells to: each one's currency, whether shoppers may choose it, and the default. */
export function RegionSettings() {
  const regions = useRegionSettings();
  if (regions.isPending) return <Loading>Loading the regions…</Loading>;
  if (regions.isError) {
    return <LoadFailure what="the regions" error={regions.error} onRetry={() => regions.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-8">
      <RegionTable list={regions.data} />
      <AddRegionForm />
    </div>
  );
}

function RegionTable({ list }: { list: RegionList }) {
  const update = useUpdateRegion();
  const [done, setDone] = useState('');
  const [currencyChange, setCurrencyChange] = useState<{
    region: AdminRegion;
    currency: CurrencyCode;
  } | null>(null);

  const change = async (region: AdminRegion, patch: RegionUpdate, said: string) => {
    setDone('');
    try {
      await update.mutateAsync({ countryCode: region.countryCode, patch });
      setDone(said);
    } catch {
      // Shown in the alert below.
    }
  };

  return (
    <Section headingId="regions-heading" title="Regions" status={done}>
      {list.regions.length === 0 ? (
        <p>No regions yet: the store sells to Singapore in {list.baseCurrency} until one is added.</p>
      ) : (
        <DataTable caption="Regions and their currencies" columns={REGION_COLUMNS}>
          {list.regions.map((region) => (
            <tr key={region.countryCode}>
              <th scope="row" className="p-3 font-semibold">
                {region.name} ({region.countryCode}){region.default ? ' · default' : ''}
              </th>
              <td className="p-3">
                <SelectField
                  label={`Currency of ${region.name}`}
                  value={region.currency}
                  options={CURRENCY_OPTIONS}
                  onChange={(event) =>
                    setCurrencyChange({ region, currency: event.target.value as CurrencyCode })
                  }
                  className="w-28 [&_label]:sr-only"
                />
              </td>
              <td className="p-3 text-end tabular-nums">{region.rate ?? 'none'}</td>
              <td className="p-3">{region.enabled ? 'Yes' : 'No'}</td>
              <td className="p-3">
                <div className="flex flex-wrap gap-2">
                  {region.default ? null : (
                    <Button
                      variant="secondary"
                      disabled={update.isPending}
                      onClick={() =>
                        change(
                          region,
                          { enabled: !region.enabled },
                          `${region.name} is ${region.enabled ? 'no longer' : 'now'} on sale.`,
                        )
                      }
                    >
                      {region.enabled ? `Take ${region.name} off sale` : `Put ${region.name} on sale`}
                    </Button>
                  )}
                  {region.default || !region.enabled ? null : (
                    <Button
                      variant="secondary"
                      disabled={update.isPending}
                      onClick={() =>
                        change(region, { default: true }, `${region.name} is now the default region.`)
                      }
                    >
                      Make {region.name} the default
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {currencyChange ? (
        <ConfirmPriceChange
          question={`Prices in ${currencyChange.region.name} will be shown in ${currencyChange.currency}.`}
          confirmLabel="Change the currency"
          busy={update.isPending}
          onConfirm={async () => {
            await change(
              currencyChange.region,
              { currency: currencyChange.currency },
              `${currencyChange.region.name} now shows prices in ${currencyChange.currency}.`,
            );
            setCurrencyChange(null);
          }}
          onCancel={() => setCurrencyChange(null)}
        />
      ) : null}
      <ErrorAlert error={update.error} />
    </Section>
  );
}

function AddRegionForm() {
  const create = useCreateRegion();
  const [countryCode, setCountryCode] = useState('');
  const [currency, setCurrency] = useState('');
  const [enabled, setEnabled] = useState(false);
  const [done, setDone] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    try {
      const { region } = await create.mutateAsync({
        countryCode: countryCode.trim(),
        currency: currency as CurrencyCode,
        enabled,
      });
      setDone(`${region.name} is added.`);
      setCountryCode('');
      setCurrency('');
      setEnabled(false);
    } catch {
      // Shown in the alert below.
    }
  };

  return (
    <Section headingId="add-region-heading" title="Add a region" status={done}>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          label="Country code"
          hint="Two letters, such as TH"
          required
          maxLength={2}
          autoComplete="off"
          value={countryCode}
          onChange={(event) => setCountryCode(event.target.value.toUpperCase())}
          className="w-40"
        />
        <SelectField
          label="Currency"
          required
          placeholder="Choose"
          value={currency}
          options={CURRENCY_OPTIONS}
          onChange={(event) => setCurrency(event.target.value)}
          className="w-36"
        />
        <CheckboxField
          label="On sale now"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <SubmitButton
          pending={create.isPending}
          pendingLabel="Adding…"
          disabled={countryCode.length !== 2 || currency === ''}
        >
          Add region
        </SubmitButton>
      </form>
      <ErrorAlert error={create.error} />
    </Section>
  );
}
