import {
  CONTENT_STATUS_LABELS,
  type ContentStatus,
  VOUCHER_STATUS_LABELS,
  type VoucherStatus,
} from '@crossbuy/core/marketing';

const LIVE = 'bg-brand-50 text-brand-900';
const WAITING = 'border border-brand-700 bg-white text-brand-900';
const OVER = 'bg-line text-ink';
const OFF = 'bg-danger-50 text-danger-700';

const VOUCHER_TONES: Record<VoucherStatus, string> = {
  active: LIVE,
  scheduled: WAITING,
  expired: OVER,
  exhausted: OVER,
  disabled: OFF,
};

const CONTENT_TONES: Record<ContentStatus, string> = {
  live: LIVE,
  scheduled: WAITING,
  ended: OVER,
  disabled: OFF,
};

function Badge({ label, tone }: { label: string; tone: string }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {label}
    </span>
  );
}

/** Where a voucher stands now, in words; the colour only repeats them. */
export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  return <Badge label={VOUCHER_STATUS_LABELS[status]} tone={VOUCHER_TONES[status]} />;
}

/** Whether a piece of content shows now, in words; the colour only repeats them. */
export function ContentStatusBadge({ status }: { status: ContentStatus }) {
  return <Badge label={CONTENT_STATUS_LABELS[status]} tone={CONTENT_TONES[status]} />;
}
