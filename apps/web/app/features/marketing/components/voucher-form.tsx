import { STORE_TIME_NAME } from '@crossbuy/core/dates';
import {
  type StoreVoucher,
  VOUCHER_CURRENCY,
  VOUCHER_DESCRIPTION_MAX_LENGTH,
  type VoucherDraft,
  voucherDraftSchema,
} from '@crossbuy/core/marketing';
import { type Money, parseMajorAmount } from '@crossbuy/core/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@crossbuy/core/order';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Form, FormSubmitRow, RequiredFieldsNote, useFormField } from '../../../components/ui/form';
import { FormCheckbox, FormSelectField, FormTextField } from '../../../components/ui/form-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { draftResolver, fromDateTimeField, toDateTimeField } from './draft-form';

export type VoucherFormValues = {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  percentOff: string;
  amountOff: string;
  maxDiscount: string;
  minSpend: string;
  regions: string;
  paymentMethods: PaymentMethod[];
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  perUserLimit: string;
  listed: boolean;
};

const FIELDS_BY_CODE: FieldsByCode<VoucherFormValues> = {
  'voucher/code_taken': 'code',
  'voucher/invalid_code': 'code',
  'voucher/invalid_description': 'description',
  'voucher/invalid_percent': 'percentOff',
  'voucher/invalid_amount': 'amountOff',
  'voucher/invalid_max_discount': 'maxDiscount',
  'voucher/invalid_min_spend': 'minSpend',
  'voucher/invalid_regions': 'regions',
  'voucher/invalid_payment_methods': 'paymentMethods',
  'voucher/invalid_window': 'endsAt',
  'voucher/invalid_limit': 'totalLimit',
  'voucher/limit_below_used': 'totalLimit',
};

const majorText = (value: Money | null) => (value ? (value.amountMinor / 100).toFixed(2) : '');

export function voucherFormValues(voucher: StoreVoucher | null): VoucherFormValues {
  return {
    code: voucher?.code ?? '',
    description: voucher?.description ?? '',
    kind: voucher?.kind ?? 'percent',
    percentOff: voucher?.percentOff === null || !voucher ? '' : String(voucher.percentOff),
    amountOff: majorText(voucher?.amountOff ?? null),
    maxDiscount: majorText(voucher?.maxDiscount ?? null),
    minSpend: voucher && voucher.minSpend.amountMinor > 0 ? majorText(voucher.minSpend) : '',
    regions: voucher?.regions.join(', ') ?? '',
    paymentMethods: voucher?.paymentMethods ?? [],
    startsAt: toDateTimeField(voucher?.startsAt ?? null),
    endsAt: toDateTimeField(voucher?.endsAt ?? null),
    totalLimit: voucher?.totalLimit === null || !voucher ? '' : String(voucher.totalLimit),
    perUserLimit: voucher?.perUserLimit === null || !voucher ? '' : String(voucher.perUserLimit),
    listed: voucher?.listed ?? true,
  };
}

/** A typed amount in the base currency; text that is no amount is sent on for the schema to refuse. */
function amountOf(text: string): Money | null | { amountMinor: number; currency: string } {
  if (text.trim() === '') return null;
  return (
    parseMajorAmount(text.trim(), VOUCHER_CURRENCY) ?? { amountMinor: Number.NaN, currency: VOUCHER_CURRENCY }
  );
}

const wholeOrNone = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The form's text as the voucher the API takes; only the chosen kind's own fields are sent. */
export function toVoucherInput(values: VoucherFormValues) {
  const percent = values.kind === 'percent';
  return {
    code: values.code,
    description: values.description,
    kind: values.kind,
    percentOff: percent ? wholeOrNone(values.percentOff) : null,
    amountOff: percent ? null : amountOf(values.amountOff),
    maxDiscount: percent ? amountOf(values.maxDiscount) : null,
    minSpend: amountOf(values.minSpend) ?? { amountMinor: 0, currency: VOUCHER_CURRENCY },
    regions: values.regions.split(/[\s,]+/).filter(Boolean),
    paymentMethods: values.paymentMethods,
    startsAt: fromDateTimeField(values.startsAt),
    endsAt: fromDateTimeField(values.endsAt),
    totalLimit: wholeOrNone(values.totalLimit),
    perUserLimit: wholeOrNone(values.perUserLimit),
    listed: values.listed,
  };
}

const resolver = draftResolver<VoucherFormValues, typeof voucherDraftSchema>(
  voucherDraftSchema,
  toVoucherInput,
);

/** The payment methods the voucher is limited to: none ticked is any method. */
function PaymentMethodChoices() {
  const field = useFormField<VoucherFormValues>('paymentMethods', 'Payment methods', '');
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${field.id}-error`}>
      <legend className="font-medium">Payment methods</legend>
      <p className="text-sm text-muted">Leave all unticked for any method.</p>
      <div className="flex flex-wrap gap-4">
        {PAYMENT_METHODS.map((method, index) => (
          <CheckboxField
            key={method}
            // The first box carries the field's id, so the error summary's link lands on the group.
            id={index === 0 ? field.id : `${field.id}-${method}`}
            label={PAYMENT_METHOD_LABELS[method]}
            value={method}
            {...field.registration}
          />
        ))}
      </div>
      <div id={`${field.id}-error`} aria-live="polite" className="text-sm text-danger-700">
        {field.error ? <p>{field.error}</p> : null}
      </div>
    </fieldset>
  );
}

type VoucherFormProps = {
  voucher: StoreVoucher | null;
  /** Saves the voucher and answers it as stored; a refusal is thrown back as the API's error. */
  onSave: (draft: VoucherDraft) => Promise<StoreVoucher>;
};

/**
 * A voucher's rules, checked by the same core schema as the server: a percentage (capped or not) or a
 * fixed amount in Singapore dollars, a minimum spend, the regions and payment methods it is for, the
 * window it runs in, and how many times it may be used in all and by one shopper.
 */
export function VoucherForm({ voucher, onSave }: VoucherFormProps) {
  const [message, setMessage] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const form = useForm<VoucherFormValues, unknown, VoucherDraft>({
    resolver,
    defaultValues: voucherFormValues(voucher),
  });
  const kind = useWatch({ control: form.control, name: 'kind' });

  const onSubmit = form.handleSubmit(async (draft) => {
    setMessage(undefined);
    setSaved(false);
    let stored: StoreVoucher;
    try {
      stored = await onSave(draft);
    } catch (error) {
      setMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
      return;
    }
    // The form shows what was stored: the code in capitals, the regions tidied.
    form.reset(voucherFormValues(stored));
    setSaved(true);
  });

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label={voucher ? `Voucher ${voucher.code}` : 'New voucher'}
      message={message}
      notice={saved ? 'The voucher has been saved.' : undefined}
      errorSummary
      intro={<RequiredFieldsNote />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField<VoucherFormValues>
          name="code"
          label="Code"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          hint="Shoppers type it in any case; it is kept in capitals."
        />
        <FormSelectField<VoucherFormValues>
          name="kind"
          label="Discount"
          required
          options={[
            { value: 'percent', label: 'A percentage off' },
            { value: 'fixed', label: 'A fixed amount off' },
          ]}
        />
      </div>
      <FormTextField<VoucherFormValues>
        name="description"
        label="Description"
        maxLength={VOUCHER_DESCRIPTION_MAX_LENGTH}
        hint="Shown to shoppers beside the code."
      />
      {kind === 'percent' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField<VoucherFormValues>
            name="percentOff"
            label="Percent off"
            required
            inputMode="numeric"
            hint="1 to 100."
          />
          <FormTextField<VoucherFormValues>
            name="maxDiscount"
            label="Maximum discount (S$)"
            inputMode="decimal"
            hint="Leave empty for no cap."
          />
        </div>
      ) : (
        <FormTextField<VoucherFormValues>
          name="amountOff"
          label="Amount off (S$)"
          required
          inputMode="decimal"
          hint="Converted at the region's rate for shoppers paying in another currency."
        />
      )}
      <FormTextField<VoucherFormValues>
        name="minSpend"
        label="Minimum spend (S$)"
        inputMode="decimal"
        hint="Leave empty for none."
      />
      <FormTextField<VoucherFormValues>
        name="regions"
        label="Regions"
        autoComplete="off"
        autoCapitalize="characters"
        hint="Two-letter country codes separated by commas, such as SG, MY; leave empty for every region."
      />
      <PaymentMethodChoices />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField<VoucherFormValues>
          name="startsAt"
          label={`Starts (${STORE_TIME_NAME})`}
          type="datetime-local"
          hint="Empty: now."
        />
        <FormTextField<VoucherFormValues>
          name="endsAt"
          label={`Ends (${STORE_TIME_NAME})`}
          type="datetime-local"
          hint="Empty: never."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField<VoucherFormValues>
          name="totalLimit"
          label="Uses in all"
          inputMode="numeric"
          hint={voucher ? `${voucher.redeemedCount} used so far; empty for no limit.` : 'Empty for no limit.'}
        />
        <FormTextField<VoucherFormValues>
          name="perUserLimit"
          label="Uses per shopper"
          inputMode="numeric"
          hint="Empty for no limit."
        />
      </div>
      <FormCheckbox<VoucherFormValues> name="listed" label="Offer it in shoppers' list of vouchers" />
      <FormSubmitRow label={voucher ? 'Save voucher' : 'Create voucher'} pendingLabel="Saving…" />
    </Form>
  );
}
