import { type StoreSettings, storeSettingsSchema } from '@crossbuy/core/settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { type GeneralSettings, useGeneralSettings, useUpdateGeneralSettings } from '../api/settings-api';
import { ConfirmPriceChange } from './confirm-price-change';

type GeneralInput = Record<keyof StoreSettings, string>;

// The inputs hold text; a whole number is read from it and checked by the server's own rules.
const wholeNumber = (rule: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .transform((text) => (/^\d{1,6}$/.test(text) ? Number(text) : Number.NaN))
    .pipe(rule);

const generalFormSchema = z.object({
  quoteValidDays: wholeNumber(storeSettingsSchema.shape.quoteValidDays),
  quoteFeePercent: storeSettingsSchema.shape.quoteFeePercent,
  maxAddressesPerUser: wholeNumber(storeSettingsSchema.shape.maxAddressesPerUser),
  maxUnpaidOrders: wholeNumber(storeSettingsSchema.shape.maxUnpaidOrders),
  maxUnitsHeldPerItem: wholeNumber(storeSettingsSchema.shape.maxUnitsHeldPerItem),
  maxOrdersPerHour: wholeNumber(storeSettingsSchema.shape.maxOrdersPerHour),
  maxOpenCheckouts: wholeNumber(storeSettingsSchema.shape.maxOpenCheckouts),
});

const FIELDS_BY_CODE: FieldsByCode<GeneralInput> = {
  'settings/invalid_quote_valid_days': 'quoteValidDays',
  'settings/invalid_quote_fee_percent': 'quoteFeePercent',
  'settings/invalid_max_addresses': 'maxAddressesPerUser',
  'settings/invalid_max_unpaid_orders': 'maxUnpaidOrders',
  'settings/invalid_max_units_held': 'maxUnitsHeldPerItem',
  'settings/invalid_max_orders_per_hour': 'maxOrdersPerHour',
  'settings/invalid_max_open_checkouts': 'maxOpenCheckouts',
};

const asInput = (settings: StoreSettings): GeneralInput => ({
  quoteValidDays: String(settings.quoteValidDays),
  quoteFeePercent: settings.quoteFeePercent,
  maxAddressesPerUser: String(settings.maxAddressesPerUser),
  maxUnpaidOrders: String(settings.maxUnpaidOrders),
  maxUnitsHeldPerItem: String(settings.maxUnitsHeldPerItem),
  maxOrdersPerHour: String(settings.maxOrdersPerHour),
  maxOpenCheckouts: String(settings.maxOpenCheckouts),
});

/**
 * Quote validity, the service fee, the address limit and what one shopper may hold at once: kept by the
 * store, the environment's as defaults.
 */
export function GeneralSettingsForm() {
  const general = useGeneralSettings();
  if (general.isPending) return <Loading>Loading the general settings…</Loading>;
  if (general.isError) {
    return (
      <LoadFailure what="the general settings" error={general.error} onRetry={() => general.refetch()} />
    );
  }
  return <GeneralForm current={general.data} />;
}

function GeneralForm({ current }: { current: GeneralSettings }) {
  const update = useUpdateGeneralSettings();
  const [formMessage, setFormMessage] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState<StoreSettings | null>(null);
  const form = useForm<GeneralInput, unknown, StoreSettings>({
    resolver: zodResolver(generalFormSchema),
    defaultValues: asInput(current.settings),
  });
  const { defaults } = current;

  const save = async (values: StoreSettings) => {
    setFormMessage(undefined);
    try {
      const saved = await update.mutateAsync(values);
      form.reset(asInput(saved.settings));
      setNotice('The general settings are saved.');
    } catch (error) {
      setFormMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
    } finally {
      setPending(null);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(undefined);
    // A new service fee changes every price quoted from now on.
    if (values.quoteFeePercent !== current.settings.quoteFeePercent) setPending(values);
    else await save(values);
  });

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label="General settings"
      message={formMessage}
      notice={notice}
      className="max-w-xl"
    >
      <FormTextField<GeneralInput>
        name="quoteValidDays"
        label="Quote validity (days)"
        inputMode="numeric"
        hint={`How long quoted prices hold. The server's default is ${defaults.quoteValidDays}.`}
        className="max-w-xs"
      />
      <FormTextField<GeneralInput>
        name="quoteFeePercent"
        label="Service fee on quotes (%)"
        inputMode="decimal"
        hint={`Added to what the store pays before converting. The server's default is ${defaults.quoteFeePercent}.`}
        className="max-w-xs"
      />
      <FormTextField<GeneralInput>
        name="maxAddressesPerUser"
        label="Addresses per shopper, at most"
        inputMode="numeric"
        hint={`Lowering it deletes no addresses; shoppers above it just cannot add more. The server's default is ${defaults.maxAddressesPerUser}.`}
        className="max-w-xs"
      />
      <FormTextField<GeneralInput>
        name="maxUnpaidOrders"
        label="Unpaid orders per shopper, at most"
        inputMode="numeric"
        hint={`Unpaid orders hold their stock until paid or cancelled. The server's default is ${defaults.maxUnpaidOrders}.`}
        className="max-w-xs"
      />
      <FormTextField<GeneralInput>
        name="maxUnitsHeldPerItem"
        label="Units of one item in a shopper's unpaid orders, at most"
        inputMode="numeric"
        hint={`Counted per product, or per variant of a product with variants. The server's default is ${defaults.maxUnitsHeldPerItem}.`}
        className="max-w-xs"
      />
      <FormTextField<GeneralInput>
        name="maxOrdersPerHour"
        label="Orders per shopper in an hour, at most"
        inputMode="numeric"
        hint={`Cancelled orders count too, so stock cannot be held by cancelling and ordering again. The server's default is ${defaults.maxOrdersPerHour}.`}
        className="max-w-xs"
      />
      <FormTextField<GeneralInput>
        name="maxOpenCheckouts"
        label="Unfinished checkouts per shopper, at most"
        inputMode="numeric"
        hint={`A checkout ends when it places its order or runs out of time. The server's default is ${defaults.maxOpenCheckouts}.`}
        className="max-w-xs"
      />
      {pending ? (
        <ConfirmPriceChange
          question={`The service fee on quotes will be ${pending.quoteFeePercent}%.`}
          confirmLabel="Save the new fee"
          busy={update.isPending}
          onConfirm={() => save(pending)}
          onCancel={() => {
            setPending(null);
            form.setFocus('quoteFeePercent');
          }}
        />
      ) : (
        <FormSubmitRow label="Save settings" pendingLabel="Saving…" />
      )}
    </Form>
  );
}
