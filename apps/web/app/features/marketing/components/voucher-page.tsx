import { formatStoreDateTime, formatStoreDateTimeUnlabelled, STORE_TIME_NAME } from '@crossbuy/core/dates';
import { messageForError } from '@crossbuy/core/errors';
import type { StoreVoucher } from '@crossbuy/core/marketing';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { PageError, PageLoading } from '../../../components/ui/page-states';
import { PagedTable } from '../../../components/ui/paged-list';
import { Price } from '../../../components/ui/price';
import {
  REDEMPTION_PAGE_SIZE,
  useSaveVoucher,
  useSwitchVoucher,
  useVoucher,
  useVoucherRedemptions,
} from '../api/vouchers-api';
import { VoucherStatusBadge } from './status-badge';
import { VoucherForm } from './voucher-form';
import { discountText, VOUCHERS_PATH } from './voucher-list';

const REDEMPTION_COLUMNS = [
  { label: 'Order' },
  { label: 'Shopper' },
  { label: `When (${STORE_TIME_NAME})` },
  { label: 'Discount', align: 'end' },
] as const;

function usesText(count: number, limit: number | null): string {
  const times = count === 1 ? 'once' : `${count} times`;
  return limit === null ? `used ${times}` : `used ${times} of ${limit}`;
}

function BackToVouchers() {
  return (
    <Link to={VOUCHERS_PATH} className={`${textLinkClasses} self-start`}>
      Back to vouchers
    </Link>
  );
}

/** A new voucher; once created, its own page opens. */
export function NewVoucherPage() {
  const save = useSaveVoucher(null);
  const navigate = useNavigate();
  return (
    <section className="flex flex-col gap-6" aria-labelledby="voucher-heading">
      <BackToVouchers />
      <h1 id="voucher-heading" className="text-3xl font-bold tracking-tight">
        New voucher
      </h1>
      <VoucherForm
        voucher={null}
        onSave={async (draft) => {
          const voucher = await save.mutateAsync(draft);
          await navigate(`${VOUCHERS_PATH}/${voucher.id}`);
          return voucher;
        }}
      />
    </section>
  );
}

/** Switching a voucher off asks first: shoppers holding the code are refused it from then on. */
function VoucherSwitch({ voucher }: { voucher: StoreVoucher }) {
  const change = useSwitchVoucher(voucher.id);
  return (
    <div className="flex flex-col gap-2">
      {voucher.active ? (
        <AskFirst
          label="Disable voucher"
          question={`Disable ${voucher.code}? Shoppers will be told the code is not valid until it is enabled again.`}
          confirmLabel="Disable it"
          busyLabel="Disabling…"
          keepLabel="Keep it on"
          busy={change.isPending}
          onConfirm={() => change.mutate(false)}
        />
      ) : (
        <Button className="self-start" disabled={change.isPending} onClick={() => change.mutate(true)}>
          {change.isPending ? 'Enabling…' : 'Enable voucher'}
        </Button>
      )}
      {change.isError ? <Alert>{messageForError(change.error)}</Alert> : null}
      <p role="status" className="text-sm">
        {change.isSuccess ? `${change.data.code} is now ${change.data.active ? 'enabled' : 'disabled'}.` : ''}
      </p>
    </div>
  );
}

function VoucherRedemptions({ voucherId, page, hrefFor }: VoucherPageProps) {
  const list = useVoucherRedemptions(voucherId, page);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="redemptions-heading">
      <h2 id="redemptions-heading" className="text-xl font-semibold">
        Redemptions
      </h2>
      <PagedTable
        list={list}
        rows="redemptions"
        noun="redemptions"
        empty={
          <p className="rounded-2xl border border-line bg-white p-4">No order has used this voucher yet.</p>
        }
        caption={(range) => `Redemptions ${range}, newest first`}
        columns={REDEMPTION_COLUMNS}
        cells={(redemption) => (
          <>
            <td className="p-3">
              <Link to={`/admin/orders/${redemption.order.id}`} className="font-semibold underline">
                {redemption.order.orderRef ?? 'Order removed'}
              </Link>
              {redemption.releasedAt ? (
                <p className="text-muted">Given back {formatStoreDateTime(redemption.releasedAt)}</p>
              ) : null}
            </td>
            <td className="p-3">
              <p>{redemption.shopper.name}</p>
              <p className="break-all text-muted">{redemption.shopper.email}</p>
            </td>
            <td className="p-3 whitespace-nowrap">{formatStoreDateTimeUnlabelled(redemption.redeemedAt)}</td>
            <td className="p-3 text-end">
              <Price value={redemption.discount} />
            </td>
          </>
        )}
        page={page}
        pageSize={REDEMPTION_PAGE_SIZE}
        hrefFor={hrefFor}
      />
    </section>
  );
}

type VoucherPageProps = { voucherId: string; page: number; hrefFor: (page: number) => string };

/** One voucher: where it stands, its switch, its rules to edit, and the orders that used it. */
export function VoucherPage({ voucherId, page, hrefFor }: VoucherPageProps) {
  const voucher = useVoucher(voucherId);
  const save = useSaveVoucher(voucherId);
  if (voucher.isPending) return <PageLoading>Loading the voucher…</PageLoading>;
  if (voucher.isError)
    return <PageError error={voucher.error} backTo={VOUCHERS_PATH} backLabel="Back to vouchers" />;
  const current = voucher.data;
  return (
    <section className="flex flex-col gap-6" aria-labelledby="voucher-heading">
      <BackToVouchers />
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="voucher-heading" className="text-3xl font-bold tracking-tight break-all">
          {current.code}
        </h1>
        <VoucherStatusBadge status={current.status} />
      </div>
      <p>
        {discountText(current)} · {usesText(current.redeemedCount, current.totalLimit)}
      </p>
      <VoucherSwitch voucher={current} />
      <VoucherRedemptions voucherId={voucherId} page={page} hrefFor={hrefFor} />
      <section className="flex flex-col gap-3" aria-labelledby="voucher-rules-heading">
        <h2 id="voucher-rules-heading" className="text-xl font-semibold">
          Rules
        </h2>
        <VoucherForm voucher={current} onSave={(draft) => save.mutateAsync(draft)} />
      </section>
    </section>
  );
}
