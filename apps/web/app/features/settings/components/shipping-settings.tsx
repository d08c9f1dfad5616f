import { formatMoney, type Money, parseMajorAmount } from '@crossbuy/core/money';
import type {
  ShippingLocationSettings,
  ShippingRule,
  ShippingRuleInput,
  TaxRate,
} from '@crossbuy/core/settings';
import { type FormEvent, useState } from 'react';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { Button, SubmitButton } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { DataTable } from '../../../components/ui/data-table';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { Panel } from '../../../components/ui/panel';
import { Section } from '../../../components/ui/section';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import {
  useDeleteShippingRule,
  useDeleteTaxRate,
  useRegionSettings,
  useSaveShippingRule,
  useSetLocationEnabled,
  useSetTaxRate,
  useShippingSettings,
  useTaxRates,
} from '../api/settings-api';

const RULE_COLUMNS = [
  { label: 'Goods from' },
  { label: 'Fee' },
  { label: 'Free from', align: 'end' },
  { label: 'Actions' },
] as const;
const TAX_COLUMNS = [
  { label: 'Region' },
  { label: 'Tax' },
  { label: 'Rate', align: 'end' },
  { label: 'Prices' },
] as const;

const sgd = (amountMinor: number): Money => ({ amountMinor, currency: 'SGD' });
const majorText = (amountMinor: number | null) =>
  amountMinor === null ? '' : formatMoney(sgd(amountMinor)).replace(/[^\d.]/g, '');

function feeText(rule: ShippingRule): string {
  const step = rule.method === 'by_weight' ? `per started ${rule.stepGrams ?? 0} g` : 'per item';
  return `${formatMoney(sgd(rule.baseFeeMinor))} + ${formatMoney(sgd(rule.stepFeeMinor))} ${step}`;
}

/** Delivery fees per destination and origin, which destinations are open, and each region's tax. */
export function ShippingSettings() {
  const shipping = useShippingSettings();
  return (
    <div className="flex flex-col gap-8">
      <p className="max-w-2xl text-sm text-muted">
        Fees are in Singapore dollars and converted at the region's rate when an order is priced. A
        destination's rule for goods from one country wins over its rule for goods from anywhere.
      </p>
      {shipping.isPending ? (
        <Loading>Loading the shipping locations…</Loading>
      ) : shipping.isError ? (
        <LoadFailure
          what="the shipping locations"
          error={shipping.error}
          onRetry={() => shipping.refetch()}
        />
      ) : shipping.data.locations.length === 0 ? (
        <p>No shipping locations yet.</p>
      ) : (
        shipping.data.locations.map((location) => <LocationRules key={location.id} location={location} />)
      )}
      <TaxRates />
    </div>
  );
}

function LocationRules({ location }: { location: ShippingLocationSettings }) {
  const setEnabled = useSetLocationEnabled();
  const remove = useDeleteShippingRule();
  const [editing, setEditing] = useState<ShippingRule | 'new' | null>(null);
  return (
    <Panel
      headingId={`location-${location.id}`}
      title={`${location.name} (${location.countryCode})${location.enabled ? '' : ' · closed'}`}
      actions={
        <Button
          variant="secondary"
          disabled={setEnabled.isPending}
          onClick={() => setEnabled.mutate({ id: location.id, enabled: !location.enabled })}
        >
          {location.enabled ? `Close delivery to ${location.name}` : `Open delivery to ${location.name}`}
        </Button>
      }
    >
      {location.rules.length === 0 ? (
        <p className="text-sm">No fee rules: checkout cannot deliver here until one is added.</p>
      ) : (
        <DataTable caption={`Delivery fees to ${location.name}`} columns={RULE_COLUMNS}>
          {location.rules.map((rule) => (
            <tr key={rule.id}>
              <td className="p-3">{rule.originCountry ?? 'Anywhere'}</td>
              <td className="p-3">{feeText(rule)}</td>
              <td className="p-3 text-end">
                {rule.freeAboveMinor === null ? '—' : formatMoney(sgd(rule.freeAboveMinor))}
              </td>
              <td className="p-3">
                <div className="flex flex-wrap gap-2">
                  <EditOrRemove
                    onEdit={() => setEditing(rule)}
                    question={`Remove the fee rule for goods from ${rule.originCountry ?? 'anywhere'}?`}
                    confirmLabel="Remove the rule"
                    removing={remove.isPending}
                    onRemove={() => remove.mutate(rule.id)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ErrorAlert error={setEnabled.error} />
      <ErrorAlert error={remove.error} />
      {editing ? (
        <RuleForm
          locationId={location.id}
          rule={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setEditing('new')}>
          Add a fee rule
        </Button>
      )}
    </Panel>
  );
}

/** What a fee rule or a tax row offers: edit it in its form, or remove it once the operator confirms. */
function EditOrRemove({
  onEdit,
  question,
  confirmLabel,
  removing,
  onRemove,
}: {
  onEdit: () => void;
  question: string;
  confirmLabel: string;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onEdit}>
        Edit
      </Button>
      <AskFirst
        label="Remove"
        question={question}
        confirmLabel={confirmLabel}
        busyLabel="Removing…"
        keepLabel="Keep it"
        busy={removing}
        onConfirm={onRemove}
      />
    </>
  );
}

function RuleForm({
  locationId,
  rule,
  onDone,
}: {
  locationId: string;
  rule: ShippingRule | null;
  onDone: () => void;
}) {
  const save = useSaveShippingRule();
  const [origin, setOrigin] = useState(rule?.originCountry ?? '');
  const [method, setMethod] = useState<ShippingRuleInput['method']>(rule?.method ?? 'by_weight');
  const [baseFee, setBaseFee] = useState(majorText(rule?.baseFeeMinor ?? null));
  const [stepFee, setStepFee] = useState(majorText(rule?.stepFeeMinor ?? null));
  const [stepGrams, setStepGrams] = useState(rule?.stepGrams ? String(rule.stepGrams) : '500');
  const [freeAbove, setFreeAbove] = useState(majorText(rule?.freeAboveMinor ?? null));
  const [problem, setProblem] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const base = parseMajorAmount(baseFee || '0', 'SGD');
    const step = parseMajorAmount(stepFee || '0', 'SGD');
    const free = freeAbove.trim() === '' ? null : parseMajorAmount(freeAbove, 'SGD');
    if (!base || !step || (freeAbove.trim() !== '' && !free)) {
      setProblem('Please enter each fee as an amount such as 5 or 1.50');
      return;
    }
    setProblem(undefined);
    const input: ShippingRuleInput = {
      originCountry: origin.trim() === '' ? null : origin.trim().toUpperCase(),
      method,
      baseFeeMinor: base.amountMinor,
      stepFeeMinor: step.amountMinor,
      stepGrams: method === 'by_weight' ? Number(stepGrams) : null,
      freeAboveMinor: free?.amountMinor ?? null,
    };
    try {
      await save.mutateAsync(
        rule ? { id: rule.id, rule: input } : { shippingLocationId: locationId, rule: input },
      );
      onDone();
    } catch {
      // Shown in the alert below.
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={rule ? 'Edit the fee rule' : 'Add a fee rule'}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Goods from (country code)"
          hint="Leave empty for anywhere"
          maxLength={2}
          value={origin}
          onChange={(event) => setOrigin(event.target.value)}
          className="w-48"
        />
        <SelectField
          label="Charged"
          value={method}
          options={[
            { value: 'by_weight', label: 'By weight' },
            { value: 'per_item', label: 'Per item' },
          ]}
          onChange={(event) => setMethod(event.target.value as ShippingRuleInput['method'])}
          className="w-36"
        />
        <TextField
          label="Base fee (S$)"
          inputMode="decimal"
          value={baseFee}
          onChange={(event) => setBaseFee(event.target.value)}
          className="w-32"
        />
        <TextField
          label={method === 'by_weight' ? 'Fee per step (S$)' : 'Fee per item (S$)'}
          inputMode="decimal"
          value={stepFee}
          onChange={(event) => setStepFee(event.target.value)}
          className="w-36"
        />
        {method === 'by_weight' ? (
          <TextField
            label="Step (grams)"
            inputMode="numeric"
            value={stepGrams}
            onChange={(event) => setStepGrams(event.target.value)}
            className="w-32"
          />
        ) : null}
        <TextField
          label="Free from (S$)"
          hint="Empty: never free"
          inputMode="decimal"
          value={freeAbove}
          onChange={(event) => setFreeAbove(event.target.value)}
          className="w-36"
        />
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      <ErrorAlert error={save.error} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save the rule
        </SubmitButton>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TaxRates() {
  const taxes = useTaxRates();
  const regions = useRegionSettings();
  const setTax = useSetTaxRate();
  const removeTax = useDeleteTaxRate();
  const [countryCode, setCountryCode] = useState('');
  const [name, setName] = useState('');
  const [ratePercent, setRatePercent] = useState('');
  const [inclusive, setInclusive] = useState(false);
  const [done, setDone] = useState('');

  const edit = (tax: TaxRate) => {
    setCountryCode(tax.countryCode);
    setName(tax.name);
    setRatePercent(tax.ratePercent);
    setInclusive(tax.inclusive);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    try {
      await setTax.mutateAsync({ countryCode, input: { name, ratePercent, inclusive } });
      setDone(`The tax of ${countryCode} is saved.`);
    } catch {
      // Shown in the alert below.
    }
  };

  return (
    <Section headingId="tax-heading" title="Tax rates" status={done}>
      {taxes.isPending ? (
        <Loading>Loading the tax rates…</Loading>
      ) : taxes.isError ? (
        <LoadFailure what="the tax rates" error={taxes.error} onRetry={() => taxes.refetch()} />
      ) : taxes.data.taxRates.length === 0 ? (
        <p>No region has a tax rate.</p>
      ) : (
        <DataTable caption="Tax rates per region" columns={TAX_COLUMNS}>
          {taxes.data.taxRates.map((tax) => (
            <tr key={tax.countryCode}>
              <th scope="row" className="p-3 font-semibold">
                {tax.countryCode}
              </th>
              <td className="p-3">{tax.name}</td>
              <td className="p-3 text-end tabular-nums">{tax.ratePercent}%</td>
              <td className="p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span>{tax.inclusive ? 'Include it' : 'Add it at checkout'}</span>
                  <EditOrRemove
                    onEdit={() => edit(tax)}
                    question={`Remove the ${tax.name} of ${tax.countryCode}?`}
                    confirmLabel="Remove the tax"
                    removing={removeTax.isPending}
                    onRemove={() => removeTax.mutate(tax.countryCode)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Set a region's tax"
        className="flex flex-wrap items-end gap-3"
      >
        <SelectField
          label="Region"
          required
          placeholder="Choose"
          value={countryCode}
          options={(regions.data?.regions ?? []).map((region) => ({
            value: region.countryCode,
            label: `${region.name} (${region.countryCode})`,
          }))}
          onChange={(event) => setCountryCode(event.target.value)}
          className="w-52"
        />
        <TextField
          label="Tax name"
          required
          maxLength={40}
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="w-40"
        />
        <TextField
          label="Rate (%)"
          required
          inputMode="decimal"
          value={ratePercent}
          onChange={(event) => setRatePercent(event.target.value)}
          className="w-28"
        />
        <CheckboxField
          label="Prices include it"
          checked={inclusive}
          onChange={(event) => setInclusive(event.target.checked)}
        />
        <SubmitButton pending={setTax.isPending} pendingLabel="Saving…" disabled={countryCode === ''}>
          Save the tax
        </SubmitButton>
      </form>
      <ErrorAlert error={setTax.error} />
      <ErrorAlert error={removeTax.error} />
    </Section>
  );
}
