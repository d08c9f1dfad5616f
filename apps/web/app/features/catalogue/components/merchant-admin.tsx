import {
  ADMIN_MERCHANT_PAGE_SIZE,
  type AdminMerchant,
  MERCHANT_DESCRIPTION_MAX_LENGTH,
  MERCHANT_MARKET_PLACE_MAX_LENGTH,
  MERCHANT_NAME_MAX_LENGTH,
  PRODUCT_IMAGE_TYPES,
} from '@crossbuy/core/catalogue';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { listPageHref, Pagination } from '../../../components/ui/pagination';
import { FormPanel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { imageUrl } from '../../../lib/images';
import {
  type MerchantFilter,
  useAdminMerchants,
  useSaveMerchant,
  useUploadMerchantLogo,
} from '../api/merchant-admin-api';

const COLUMNS = [
  { label: 'Merchant' },
  { label: 'Marketplace' },
  { label: 'Country' },
  { label: 'Products', align: 'end' },
  { label: 'Status' },
  { label: 'Actions' },
] as const;

export function merchantFilterFrom(search: URLSearchParams): MerchantFilter {
  const status = search.get('status');
  return {
    q: search.get('q')?.trim() || null,
    status: status === 'enabled' || status === 'disabled' ? status : null,
  };
}

/** The merchants at /admin/products/merchants: find, add, edit, disable and enable. */
export function MerchantAdmin({ filter, page }: { filter: MerchantFilter; page: number }) {
  const list = useAdminMerchants(filter, page);
  const [editing, setEditing] = useState<AdminMerchant | 'new' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / ADMIN_MERCHANT_PAGE_SIZE)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Merchants</h1>
        <Button onClick={() => setEditing('new')}>Add a merchant</Button>
      </div>
      {editing !== null ? (
        <MerchantForm
          key={editing === 'new' ? 'new' : editing.id}
          merchant={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null);
            setAnnouncement(message);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <p role="status" className="text-sm">
        {announcement}
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find merchants">
        <TextField label="Name or marketplace" name="q" defaultValue={filter.q ?? ''} className="max-w-xs" />
        <SelectField
          label="Status"
          name="status"
          defaultValue={filter.status ?? ''}
          options={[
            { value: '', label: 'Any' },
            { value: 'enabled', label: 'Enabled' },
            { value: 'disabled', label: 'Disabled' },
          ]}
        />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </Form>
      {list.isPending ? (
        <Loading>Loading the merchants…</Loading>
      ) : list.isError ? (
        <LoadFailure what="the merchants" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.merchants.length === 0 ? (
        <p>No merchants match.</p>
      ) : (
        <>
          <DataTable caption={`Merchants, page ${page} of ${pageCount}`} columns={COLUMNS}>
            {list.data.merchants.map((merchant) => (
              <tr key={merchant.id}>
                <td className="p-3">
                  <span className="font-medium">{merchant.name}</span>
                  <span className="block text-xs text-muted">{merchant.slug}</span>
                </td>
                <td className="p-3">{merchant.sourceMarketPlace}</td>
                <td className="p-3">{merchant.countryCode}</td>
                <td className="p-3 text-end">{merchant.productCount}</td>
                <td className="p-3">{merchant.disabled ? 'Disabled' : 'Enabled'}</td>
                <td className="p-3">
                  <Button
                    variant="secondary"
                    aria-label={`Edit ${merchant.name}`}
                    onClick={() => setEditing(merchant)}
                  >
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => listPageHref('/admin/products/merchants', filter, target)}
          />
        </>
      )}
    </div>
  );
}

function MerchantForm({
  merchant,
  onDone,
  onCancel,
}: {
  merchant: AdminMerchant | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const save = useSaveMerchant();
  const [fields, setFields] = useState({
    name: merchant?.name ?? '',
    sourceMarketPlace: merchant?.sourceMarketPlace ?? '',
    countryCode: merchant?.countryCode ?? '',
    description: merchant?.description ?? '',
  });
  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(merchant ? { id: merchant.id, input: fields } : { id: null, input: fields }, {
      onSuccess: ({ merchant: saved }) => onDone(`${saved.name} was ${merchant ? 'saved' : 'added'}.`),
    });
  };
  const toggle = () => {
    if (!merchant) return;
    save.mutate(
      { id: merchant.id, input: { disabled: !merchant.disabled } },
      {
        onSuccess: ({ merchant: saved }) =>
          onDone(
            `${saved.name} is ${saved.disabled ? 'left out of the store' : 'shown in the store again'}.`,
          ),
      },
    );
  };
  const title = merchant ? `Edit ${merchant.name}` : 'Add a merchant';
  return (
    <FormPanel
      headingId={merchant ? `merchant-${merchant.id}-heading` : 'add-merchant-heading'}
      title={title}
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Name"
          required
          maxLength={MERCHANT_NAME_MAX_LENGTH}
          value={fields.name}
          onChange={set('name')}
        />
        <TextField
          label="Marketplace"
          required
          maxLength={MERCHANT_MARKET_PLACE_MAX_LENGTH}
          value={fields.sourceMarketPlace}
          onChange={set('sourceMarketPlace')}
        />
        <TextField
          label="Country code"
          required
          hint="Two letters, such as JP."
          maxLength={2}
          autoCapitalize="characters"
          value={fields.countryCode}
          onChange={set('countryCode')}
        />
      </div>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Description
        <textarea
          className="rounded-lg border border-line p-2 font-normal"
          rows={3}
          maxLength={MERCHANT_DESCRIPTION_MAX_LENGTH}
          value={fields.description}
          onChange={set('description')}
        />
      </label>
      {merchant ? <MerchantLogo merchant={merchant} onDone={onDone} /> : null}
      <ErrorAlert error={save.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {merchant ? 'Save' : 'Add merchant'}
        </Button>
        {merchant ? (
          <Button variant="secondary" disabled={save.isPending} onClick={toggle}>
            {merchant.disabled ? 'Enable' : 'Disable'}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </FormPanel>
  );
}

function MerchantLogo({ merchant, onDone }: { merchant: AdminMerchant; onDone: (message: string) => void }) {
  const upload = useUploadMerchantLogo();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <img
        src={imageUrl(merchant.logo)}
        alt={`The logo of ${merchant.name}`}
        width={64}
        height={64}
        className="size-16 rounded-lg border border-line object-cover"
      />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Logo (JPEG, PNG or WebP, up to 5 MB)
        <input
          type="file"
          accept={PRODUCT_IMAGE_TYPES.join(',')}
          disabled={upload.isPending}
          className="max-w-full font-normal"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) {
              upload.mutate(
                { id: merchant.id, file },
                { onSuccess: () => onDone(`The logo of ${merchant.name} was replaced.`) },
              );
            }
          }}
        />
      </label>
      <ErrorAlert error={upload.error} />
    </div>
  );
}
