import { ApiError, appErrorFromZodIssues, formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { isHttpUrl, QUOTATION_REQUEST_FROM, remoteQuotationRequestSchema } from '@crossbuy/core/quotation';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { StorePicture } from '../../../components/ui/store-picture';
import { TextField } from '../../../components/ui/text-field';
import { TitledPage } from '../../../components/ui/titled-page';
import { imageUrl } from '../../../lib/images';
import { checkPending, linkPreview, searchExternal, useRequestQuotation } from '../api/quotations-api';
import { QuantityAndInstructions } from './quantity-and-instructions';

/** How often a link the store is still reading is asked about. */
const LOOKUP_POLL_MS = 2_000;

/** Reads the page behind the link: the store's own lookup (which may take a while) and a link preview. */
function useLinkDetails(link: string | null) {
  const searched = useRef<string | null>(null);
  const lookup = useQuery({
    queryKey: ['external-lookup', link],
    queryFn: ({ signal }) => {
      const first = searched.current !== link;
      searched.current = link;
      return first ? searchExternal(link as string, signal) : checkPending(link as string, signal);
    },
    enabled: link !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? LOOKUP_POLL_MS : false),
  });
  const preview = useQuery({
    queryKey: ['link-preview', link],
    queryFn: ({ signal }) => linkPreview(link as string, signal),
    enabled: link !== null,
    retry: false,
  });
  return { lookup, preview };
}

/**
 * A quotation for an item on another site: paste the link, check the name and picture the store read
 * from the page (both editable), say how many and anything the store should know, and send.
 */
export function QuotationRequestForm({ initialLink }: { initialLink: string }) {
  const navigate = useNavigate();
  const requestQuotation = useRequestQuotation();
  const [linkText, setLinkText] = useState(initialLink);
  const [link, setLink] = useState<string | null>(isHttpUrl(initialLink.trim()) ? initialLink.trim() : null);
  const [linkError, setLinkError] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [image, setImage] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [instructions, setInstructions] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const edited = useRef({ name: false, image: false });
  const { lookup, preview } = useLinkDetails(link);

  // What the store read fills the fields, unless the shopper has typed their own.
  const found = lookup.data?.product;
  const foundName = found?.name ?? preview.data?.title ?? null;
  const foundImage = found?.images[0] ?? preview.data?.image ?? null;
  useEffect(() => {
    if (foundName && !edited.current.name) setName(foundName);
  }, [foundName]);
  useEffect(() => {
    if (foundImage && !edited.current.image) setImage(foundImage);
  }, [foundImage]);

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    const text = linkText.trim();
    if (!isHttpUrl(text)) {
      setLinkError(formatErrorMessage('quotation/invalid_product_url'));
      return;
    }
    setLinkError(undefined);
    edited.current = { name: false, image: false };
    setLink(text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = remoteQuotationRequestSchema.safeParse({
      from: QUOTATION_REQUEST_FROM.remote,
      productUrl: link ?? '',
      productName: name,
      productQuantity: Number(quantity),
      instructions,
      imageUrl: image.trim(),
    });
    if (!parsed.success) {
      setFailure(messageForError(appErrorFromZodIssues(parsed.error.issues)));
      return;
    }
    try {
      const { quotationItem } = await requestQuotation.mutateAsync(parsed.data);
      navigate(`/quotations/${quotationItem.id}`);
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  // The page's picture is shown from the store's copy of it, as the quote will show it; a picture link
  // the shopper typed is previewed from where it is (https only: the page's policy refuses http), and the
  // store copies it when the request is sent.
  const typedImage = image.trim();
  const storedCopy = found?.picture && typedImage === found.images[0] ? found.picture : null;
  const previewImage =
    storedCopy ?? (isHttpUrl(typedImage) && typedImage.startsWith('https://') ? typedImage : null);
  const reading = lookup.isFetching && lookup.data === undefined;
  const lookupFailure =
    lookup.data?.status === 'failed'
      ? formatErrorMessage('external/fetch_failed', [lookup.data.product.failureReason ?? 'no reason given'])
      : lookup.isError && !(lookup.error instanceof ApiError && lookup.error.status === 401)
        ? messageForError(lookup.error)
        : null;

  return (
    <TitledPage headingId="request-heading" title="Request a quotation" width="max-w-2xl">
      <form
        noValidate
        onSubmit={lookUp}
        aria-label="Find the item"
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          className="flex-1"
          label="Link to the item"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={linkText}
          onChange={(event) => setLinkText(event.target.value)}
          error={linkError}
        />
        <Button type="submit" className="sm:mt-7">
          Look up the item
        </Button>
      </form>

      {link ? (
        <form
          noValidate
          onSubmit={submit}
          aria-label="Quotation request"
          className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5"
        >
          <div aria-live="polite" className="text-sm">
            {reading || lookup.data?.status === 'pending' ? (
              <Loading>Reading the item's page…</Loading>
            ) : lookupFailure ? (
              <p className="text-muted">{lookupFailure}. You can still type the name yourself.</p>
            ) : found?.name ? (
              <p className="text-brand-900">We read the item's page: check the name and picture below.</p>
            ) : null}
          </div>
          <TextField
            label="Item name"
            required
            value={name}
            onChange={(event) => {
              edited.current.name = true;
              setName(event.target.value);
            }}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <TextField
              className="flex-1"
              label="Picture (a link to an image)"
              type="url"
              inputMode="url"
              value={image}
              onChange={(event) => {
                edited.current.image = true;
                setImage(event.target.value);
              }}
            />
            {previewImage ? (
              <StorePicture
                src={imageUrl(previewImage)}
                alt={name ? `Picture of ${name}` : 'Picture of the item'}
                width={96}
                height={96}
                className="size-24 shrink-0 rounded-lg border border-line object-cover"
              />
            ) : null}
          </div>
          <QuantityAndInstructions
            quantity={quantity}
            onQuantityChange={setQuantity}
            instructions={instructions}
            onInstructionsChange={setInstructions}
            instructionsHint="Size, colour, or anything else the store should know."
            required
          />
          {failure ? <Alert>{failure}</Alert> : null}
          <SubmitButton pending={requestQuotation.isPending} pendingLabel="Sending…" className="self-start">
            Send the request
          </SubmitButton>
        </form>
      ) : null}
    </TitledPage>
  );
}
