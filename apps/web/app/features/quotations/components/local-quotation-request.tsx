import type { Product } from '@crossbuy/core/catalogue';
import { ApiError, appErrorFromZodIssues, formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { QUOTATION_REQUEST_FROM } from '@crossbuy/core/quotation';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, SubmitButton, textLinkClasses } from '../../../components/ui/button';
import { useResumePendingAction, useSignInToFinish } from '../../../lib/pending-action';
import { useRedirectToSignIn } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';
import { useRequestQuotation } from '../api/quotations-api';
import { QuantityAndInstructions } from './quantity-and-instructions';

type LocalQuotationRequestProps = {
  product: Product;
  /** The chosen variant path, or null while an option of some kind is not chosen. */
  path: string | null;
  /** The quantity chosen on the page, where the form starts. */
  quantity: number;
};

type RequestArgs = { variantPath: string; quantity: number; instructions: string };

/**
 * Request a quotation for one of our products (a bulk price, a special request): quantity and
 * instructions. A visitor fills it in, signs in, and the request is sent when they are back.
 */
export function LocalQuotationRequest({ product, path, quantity }: LocalQuotationRequestProps) {
  const id = useId();
  const { signedIn } = useUser();
  const signInToFinish = useSignInToFinish();
  const redirectToSignIn = useRedirectToSignIn();
  const requestQuotation = useRequestQuotation();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(String(quantity));
  const [instructions, setInstructions] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [requestedId, setRequestedId] = useState<string | null>(null);

  useEffect(() => setCount(String(quantity)), [quantity]);

  const send = async (args: RequestArgs) => {
    setFailure(null);
    try {
      const { quotationItem } = await requestQuotation.mutateAsync({
        from: QUOTATION_REQUEST_FROM.local,
        productRef: product.uuid,
        variantPath: args.variantPath,
        productQuantity: args.quantity,
        instructions: args.instructions,
      });
      setRequestedId(quotationItem.id);
      setOpen(false);
      setInstructions('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) redirectToSignIn();
      else setFailure(messageForError(error));
    }
  };

  useResumePendingAction('request_quotation', product.uuid, (args) => void send(args));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (path === null) {
      setFailure(formatErrorMessage('cart/invalid_variant_path'));
      return;
    }
    // The schemas load when the form is sent, not with the product page: most shoppers never send it.
    const { localQuotationRequestSchema } = await import('@crossbuy/core/quotation');
    const parsed = localQuotationRequestSchema.safeParse({
      from: QUOTATION_REQUEST_FROM.local,
      productRef: product.uuid,
      variantPath: path,
      productQuantity: Number(count),
      instructions,
    });
    if (!parsed.success) {
      setFailure(messageForError(appErrorFromZodIssues(parsed.error.issues)));
      return;
    }
    const args = {
      variantPath: path,
      quantity: parsed.data.productQuantity,
      instructions: parsed.data.instructions,
    };
    if (!signedIn) signInToFinish('request_quotation', product.uuid, args);
    else void send(args);
  };

  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => {
          setOpen((was) => !was);
          setRequestedId(null);
        }}
      >
        Request a quotation
      </Button>
      <div aria-live="polite" className="text-sm">
        {requestedId ? (
          <p className="text-brand-900">
            Quotation requested: we will tell you when the store has quoted.{' '}
            <Link to={`/quotations/${requestedId}`} className={textLinkClasses}>
              See your request
            </Link>
          </p>
        ) : null}
      </div>
      {open ? (
        <form
          id={`${id}-form`}
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label="Request a quotation"
          className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4"
        >
          <p className="text-sm text-muted">
            Ask the store for a price for a larger quantity or something special; you will find the answer in
            your quotations.
          </p>
          <QuantityAndInstructions
            quantity={count}
            onQuantityChange={setCount}
            instructions={instructions}
            onInstructionsChange={setInstructions}
            instructionsLabel="Instructions for the store (optional)"
          />
          <SubmitButton pending={requestQuotation.isPending} pendingLabel="Sending…">
            Send the request
          </SubmitButton>
        </form>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-danger-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
