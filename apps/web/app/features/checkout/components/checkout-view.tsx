import type { Address } from '@crossbuy/core/address';
import { ApiError, formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import type { CheckoutLine, CheckoutSession, CostEstimate, PaymentMethod } from '@crossbuy/core/order';
import { marketplaceWords } from '@crossbuy/core/quotation';
import { type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses, textLinkClasses } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { useShopperRegions } from '../../../lib/region-store';
import type { UserProfile } from '../../../lib/user-store';
import { type StoredAddress, useAddresses, useSaveAddress } from '../../addresses/api/addresses-api';
import { AddressForm, addressFormValues } from '../../addresses/components/address-form';
import { holdsUntilSentence, QuoteBreakdownDetails } from '../../quotations/components/quote-breakdown';
import {
  type CheckoutChoices,
  useAvailableVouchers,
  useCheckoutSession,
  useCostEstimate,
  usePlaceOrder,
  useValidateVoucher,
} from '../api/checkout-api';
import { trackBeginCheckout, trackPurchase, trackShippingInfo } from '../checkout-analytics';
import { AddressChoice } from './address-choice';
import { CostBreakdown } from './cost-breakdown';
import { VoucherField } from './voucher-field';

const NOTES_MAX_LENGTH = 1000;
const SESSION_GONE = new Set(['checkout/not_found', 'checkout/session_expired']);

/** Whether the store no longer knows this checkout: it expired, or it never was this shopper's. */
function isSessionGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || SESSION_GONE.has(error.code ?? ''));
}

type CheckoutViewProps = { sessionKey: string; profile: UserProfile };

export function CheckoutView({ sessionKey, profile }: CheckoutViewProps) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading" className="text-3xl font-bold tracking-tight">
        Checkout
      </h1>
      <CheckoutSessionGate sessionKey={sessionKey} profile={profile} />
    </section>
  );
}

function BackToCart({ title, text }: { title: string; text: string }) {
  return (
    <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-muted">{text}</p>
      <Link to="/cart" className={buttonClasses('primary')}>
        Back to your cart
      </Link>
    </div>
  );
}

/** A checkout that has placed its order; Back from the order lands here, so it does not send the shopper on. */
function AlreadyPlaced({ orderId }: { orderId: string }) {
  return (
    <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
      <p className="text-lg font-semibold">This checkout has placed your order</p>
      <div className="flex flex-wrap gap-3">
        <Link to={`/orders/${encodeURIComponent(orderId)}`} className={buttonClasses('primary')}>
          See your order
        </Link>
        <Link to="/cart" className={buttonClasses('secondary')}>
          Back to your cart
        </Link>
      </div>
    </div>
  );
}

function CheckoutSessionGate({ sessionKey, profile }: CheckoutViewProps) {
  const session = useCheckoutSession(sessionKey);
  if (sessionKey === '') {
    return <BackToCart title="Nothing to check out" text="Choose the items to buy in your cart first." />;
  }
  if (session.isPending) {
    return (
      <div className="mt-8">
        <Loading>Loading your checkout…</Loading>
      </div>
    );
  }
  if (session.isError) {
    if (isSessionGone(session.error)) {
      return <BackToCart title="This checkout has ended" text={messageForError(session.error)} />;
    }
    return (
      <LoadFailure
        what="your checkout"
        error={session.error}
        onRetry={() => void session.refetch()}
        className="mt-8"
      />
    );
  }
  if (session.data.orderId) return <AlreadyPlaced orderId={session.data.orderId} />;
  return <CheckoutForm session={session.data} profile={profile} />;
}

type Problems = {
  shipping?: string | undefined;
  billing?: string | undefined;
  voucher?: string | undefined;
  payment?: string | undefined;
  form?: string | undefined;
};

/** Where a refusal of the order belongs on the page. */
function problemFor(error: unknown): keyof Problems {
  const code = error instanceof ApiError ? (error.code ?? '') : '';
  if (code.startsWith('voucher/')) return 'voucher';
  if (code === 'checkout/shipping_unavailable' || code === 'address/not_found') return 'shipping';
  if (code === 'checkout/payment_method_unavailable' || code === 'checkout/invalid_payment_method') {
    return 'payment';
  }
  return 'form';
}

function CheckoutForm({ session, profile }: { session: CheckoutSession; profile: UserProfile }) {
  const navigate = useNavigate();
  const region = useShopperRegions().current?.countryCode;
  const addresses = useAddresses();
  const saveAddress = useSaveAddress();
  const placeOrder = usePlaceOrder();
  const validateVoucher = useValidateVoucher();

  const [chosenShipping, setChosenShipping] = useState<string>();
  const [billingSame, setBillingSame] = useState(true);
  const [billingAddressId, setBillingAddressId] = useState<string>();
  // Open by itself while the shopper has no address, until they close it.
  const [addingAddress, setAddingAddress] = useState<boolean>();
  const [voucherCode, setVoucherCode] = useState<string>();
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>();
  const [notes, setNotes] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [sessionEnded, setSessionEnded] = useState<string>();
  const placing = useRef(false);

  const shippingRef = useRef<HTMLFieldSetElement>(null);
  const billingRef = useRef<HTMLFieldSetElement>(null);
  const voucherRef = useRef<HTMLInputElement>(null);
  const paymentRef = useRef<HTMLFieldSetElement>(null);
  const formAlertRef = useRef<HTMLDivElement>(null);

  const items = useMemo(
    () => ({ cartItemIds: session.cartItemIds, quotationItemIds: session.quotationItemIds }),
    [session],
  );
  // The main address is where most orders go, so it starts chosen.
  const shippingAddressId =
    chosenShipping ?? (addresses.data?.find((address) => address.main) ?? addresses.data?.[0])?.id;
  const choices: CheckoutChoices = {
    shippingAddressId,
    paymentMethod,
    voucherCode,
    regionCountryCode: region,
  };
  const estimate = useCostEstimate(session.key, choices, !addresses.isPending);
  const vouchers = useAvailableVouchers(
    { paymentMethod, regionCountryCode: region, voucherItems: items },
    !addresses.isPending,
  );
  const latest = estimate.data;

  // The first method the order can be paid with starts chosen; one the order can no longer use is replaced.
  useEffect(() => {
    if (!latest || latest.paymentMethods.length === 0) return;
    if (!latest.paymentMethods.some((option) => option.method === paymentMethod)) {
      setPaymentMethod(latest.paymentMethods[0]?.method);
    }
  }, [latest, paymentMethod]);

  const began = useRef(false);
  useEffect(() => {
    if (began.current || !latest || latest.lines.length === 0) return;
    began.current = true;
    trackBeginCheckout(latest);
  }, [latest]);

  // add_shipping_info follows the shopper's own choice of address, once its price is known.
  const shippingTracked = useRef<string | null>(null);
  useEffect(() => {
    if (!latest || estimate.isPlaceholderData || chosenShipping === undefined) return;
    if (shippingTracked.current === chosenShipping) return;
    shippingTracked.current = chosenShipping;
    trackShippingInfo(latest);
  }, [latest, estimate.isPlaceholderData, chosenShipping]);

  const chooseShipping = (id: string) => {
    setChosenShipping(id);
    setProblems((current) => ({ ...current, shipping: undefined, form: undefined }));
  };

  if (sessionEnded) return <BackToCart title="This checkout has ended" text={sessionEnded} />;
  if (addresses.isPending || (estimate.isPending && !latest)) {
    return (
      <div className="mt-8">
        <Loading>Loading your checkout…</Loading>
      </div>
    );
  }
  if (addresses.isError) {
    return (
      <LoadFailure
        what="your addresses"
        error={addresses.error}
        onRetry={() => void addresses.refetch()}
        className="mt-8"
      />
    );
  }
  if (!latest) {
    if (isSessionGone(estimate.error)) {
      return <BackToCart title="This checkout has ended" text={messageForError(estimate.error)} />;
    }
    return (
      <div className="mt-8 flex flex-col items-start gap-4">
        <Alert>We could not price your order: {messageForError(estimate.error)}</Alert>
        <Button onClick={() => void estimate.refetch()}>Try again</Button>
      </div>
    );
  }

  const addressList = addresses.data;
  const showAddressForm = addingAddress ?? addressList.length === 0;
  const updating = estimate.isFetching;
  const shippingRefusal = latest.shippingRefusal ? messageForError(latest.shippingRefusal) : undefined;
  const totalRefusal = latest.totalRefusal ? messageForError(latest.totalRefusal) : undefined;
  const formProblem = problems.form ?? totalRefusal;
  const voucherRefusal =
    latest.voucher?.refusal && latest.voucher.code === voucherCode
      ? messageForError(latest.voucher.refusal)
      : undefined;

  const saveNewAddress = async (address: Address) => {
    const { address: saved } = (await saveAddress.mutateAsync({ id: undefined, address })) as {
      address: StoredAddress;
    };
    setAddingAddress(false);
    chooseShipping(saved.id);
  };

  const validate = async (code: string) => {
    const answer = await validateVoucher.mutateAsync({
      code,
      paymentMethod,
      regionCountryCode: region,
      voucherItems: items,
    });
    return answer.voucher.code;
  };

  /**
   * Shows each problem where it belongs and takes focus to the first, in the page's order. A total past the
   * most an order can be is shown from the estimate itself, so it goes as soon as another choice lowers it.
   */
  const show = (found: Problems) => {
    setProblems(found);
    const first = (
      [
        ['shipping', shippingRef.current?.querySelector('input') ?? shippingRef.current],
        ['billing', billingRef.current?.querySelector('input') ?? billingRef.current],
        ['voucher', voucherRef.current],
        ['payment', paymentRef.current?.querySelector('input') ?? paymentRef.current],
        ['form', formAlertRef.current],
      ] as const
    ).find(([key]) => found[key] || (key === 'form' && totalRefusal));
    requestAnimationFrame(() => first?.[1]?.focus());
  };

  const place = async () => {
    if (placing.current) return;
    const found: Problems = {
      shipping: !shippingAddressId ? 'Please choose where to deliver the order' : shippingRefusal,
      billing: !billingSame && !billingAddressId ? 'Please choose the billing address' : undefined,
      voucher: voucherRefusal,
      payment: !paymentMethod ? formatErrorMessage('checkout/invalid_payment_method') : undefined,
    };
    if (Object.values(found).some(Boolean) || totalRefusal || !shippingAddressId || !paymentMethod) {
      show(found);
      return;
    }
    placing.current = true;
    setProblems({});
    if (shippingTracked.current !== shippingAddressId) {
      shippingTracked.current = shippingAddressId;
      trackShippingInfo(latest);
    }
    try {
      const order = await placeOrder.mutateAsync({
        checkoutSessionKey: session.key,
        shippingAddressId,
        ...(billingSame || !billingAddressId ? {} : { billingAddressId }),
        paymentMethod,
        ...(voucherCode ? { voucherCode } : {}),
        notes: notes.trim(),
        ...(region ? { regionCountryCode: region } : {}),
      });
      trackPurchase(order);
      navigate(`/orders/${encodeURIComponent(order.id)}?placed=1`);
    } catch (error) {
      placing.current = false;
      if (isSessionGone(error)) {
        setSessionEnded(messageForError(error));
        return;
      }
      show({ [problemFor(error)]: messageForError(error) });
    }
  };

  const placeBusy = placeOrder.isPending || placeOrder.isSuccess;

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby="checkout-items-heading" className="flex flex-col gap-3">
          <h2 id="checkout-items-heading" className="text-lg font-semibold">
            Items
          </h2>
          <ul
            aria-label="Items in this order"
            className="divide-y divide-line rounded-2xl border border-line bg-white"
          >
            {latest.lines.map((line) => (
              <CheckoutLineRow key={`${line.source}-${line.id}`} line={line} />
            ))}
          </ul>
        </section>

        {showAddressForm ? (
          <div className="rounded-2xl border border-line bg-white p-4 sm:p-6">
            <AddressForm
              title="Add a delivery address"
              initialValues={addressFormValues({
                country: profile.country,
                fullName: `${profile.firstName} ${profile.lastName}`,
                phoneNumber: profile.phoneNumber,
                main: addressList.length === 0,
              })}
              mainLocked={
                addressList.length === 0 ? 'Your first address becomes your main address.' : undefined
              }
              onSave={saveNewAddress}
              onCancel={() => setAddingAddress(false)}
            />
          </div>
        ) : (
          <AddressChoice
            ref={shippingRef}
            legend="Delivery address"
            name="shipping-address"
            addresses={addressList}
            selectedId={shippingAddressId}
            onChange={chooseShipping}
            error={problems.shipping ?? shippingRefusal}
          >
            {addressList.length === 0 ? <p className="text-muted">You have no saved addresses yet.</p> : null}
            <Button variant="secondary" className="self-start" onClick={() => setAddingAddress(true)}>
              Add a new address
            </Button>
          </AddressChoice>
        )}

        <div className="flex flex-col gap-3">
          <CheckboxField
            label="Bill to the delivery address"
            checked={billingSame}
            onChange={(event) => {
              setBillingSame(event.target.checked);
              setProblems((current) => ({ ...current, billing: undefined }));
            }}
          />
          {billingSame ? null : (
            <AddressChoice
              ref={billingRef}
              legend="Billing address"
              name="billing-address"
              addresses={addressList}
              selectedId={billingAddressId}
              onChange={(id) => {
                setBillingAddressId(id);
                setProblems((current) => ({ ...current, billing: undefined }));
              }}
              error={problems.billing}
            />
          )}
        </div>

        <VoucherField
          applied={voucherCode}
          error={problems.voucher ?? voucherRefusal}
          available={vouchers.data ?? []}
          validate={validate}
          onApply={(code) => {
            setVoucherCode(code);
            setProblems((current) => ({ ...current, voucher: undefined }));
          }}
          onRemove={() => {
            setVoucherCode(undefined);
            setProblems((current) => ({ ...current, voucher: undefined }));
          }}
          onError={(message) => setProblems((current) => ({ ...current, voucher: message }))}
          inputRef={voucherRef}
        />

        <PaymentMethods
          estimate={latest}
          chosen={paymentMethod}
          error={problems.payment}
          fieldsetRef={paymentRef}
          onChange={(method) => {
            setPaymentMethod(method);
            setProblems((current) => ({ ...current, payment: undefined }));
          }}
        />

        <FieldFrame
          label="Notes for the store (optional)"
          hint={`Anything we should know about this order, up to ${NOTES_MAX_LENGTH} characters.`}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={NOTES_MAX_LENGTH}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              className={CONTROL_CLASSES}
            />
          )}
        </FieldFrame>
      </div>

      <aside aria-labelledby="summary-heading" className="flex flex-col gap-4 self-start lg:sticky lg:top-24">
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6">
          <h2 id="summary-heading" className="text-lg font-semibold">
            Order summary
          </h2>
          <CostBreakdown estimate={latest} updating={updating} hasAddress={shippingAddressId !== undefined} />
          <div ref={formAlertRef} tabIndex={-1} className="outline-none empty:hidden">
            {formProblem ? <Alert>{formProblem}</Alert> : null}
          </div>
          <Button onClick={() => void place()} disabled={placeBusy}>
            {placeBusy ? 'Placing your order…' : 'Place order'}
          </Button>
          <p className="text-xs text-muted">
            You pay on the next page.{' '}
            <Link to="/cart" className={textLinkClasses}>
              Back to your cart
            </Link>
          </p>
        </div>
      </aside>
    </div>
  );
}

function CheckoutLineRow({ line }: { line: CheckoutLine }) {
  return (
    <li className="flex items-start gap-3 p-3 sm:p-4">
      <LineThumbnail image={line.mainImage} size={56} />
      <div className="flex min-w-0 flex-1 flex-col text-sm">
        <p className="font-semibold break-words">{line.name}</p>
        {line.variantLabel ? <p className="text-muted">{line.variantLabel}</p> : null}
        {line.marketplaceLabel ? (
          <p className="text-muted">{marketplaceWords(line.marketplaceLabel)}</p>
        ) : null}
        <p className="text-muted">
          {line.quantity} × {formatMoney(line.unitPrice)}
        </p>
        {line.quoteExpiresAt ? <p className="text-muted">{holdsUntilSentence(line.quoteExpiresAt)}</p> : null}
        {line.quoteTerms ? (
          <QuoteBreakdownDetails
            terms={line.quoteTerms}
            currency={line.unitPrice.currency}
            quantity={line.quantity}
            label={`How the price of ${line.name} is made`}
          />
        ) : null}
      </div>
      <p className="text-sm font-semibold">{formatMoney(line.total)}</p>
    </li>
  );
}

type PaymentMethodsProps = {
  estimate: CostEstimate;
  chosen: PaymentMethod | undefined;
  error: string | undefined;
  fieldsetRef: Ref<HTMLFieldSetElement>;
  onChange: (method: PaymentMethod) => void;
};

function PaymentMethods({ estimate, chosen, error, fieldsetRef, onChange }: PaymentMethodsProps) {
  return (
    <fieldset
      ref={fieldsetRef}
      tabIndex={-1}
      aria-describedby={error ? 'payment-method-error' : undefined}
      className="flex min-w-0 flex-col gap-2 outline-none"
    >
      <legend className="mb-2 text-lg font-semibold">Payment method</legend>
      {estimate.paymentMethods.length === 0 ? (
        <p className="text-muted">This order cannot be paid online yet.</p>
      ) : null}
      {estimate.paymentMethods.map((option) => {
        const id = `payment-method-${option.method}`;
        return (
          <label
            key={option.method}
            htmlFor={id}
            className={`flex cursor-pointer items-center gap-3 rounded-xl border bg-white p-3 text-sm ${chosen === option.method ? 'border-brand-700 ring-1 ring-brand-700' : 'border-line'}`}
          >
            <input
              id={id}
              type="radio"
              name="payment-method"
              value={option.method}
              checked={chosen === option.method}
              onChange={() => onChange(option.method)}
              className="size-5 shrink-0 accent-brand-700"
            />
            <span className="font-semibold">{option.label}</span>
            {Number(option.feePercent) > 0 ? (
              <span className="text-muted">{option.feePercent}% fee</span>
            ) : null}
          </label>
        );
      })}
      <div
        id="payment-method-error"
        aria-live="polite"
        className="text-sm font-semibold text-danger-700 empty:hidden"
      >
        {error ?? ''}
      </div>
    </fieldset>
  );
}
