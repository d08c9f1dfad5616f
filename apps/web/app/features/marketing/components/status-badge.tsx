import {
  CONTENT_STATUS_LABELS,
  type ContentStatus,
  VOUCHER_STATUS_LABELS,
  type VoucherStatus,
} from '@crossbuy/core/marketing';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const VOUCHER_TONES: Record<VoucherStatus, StatusTone> = {
  active: 'live',
  scheduled: 'waiting',
  expired: 'over',
  exhausted: 'over',
  disabled: 'danger',
};

const CONTENT_TONES: Record<ContentStatus, StatusTone> = {
  live: 'live',
  scheduled: 'waiting',
  ended: 'over',
  disabled: 'danger',
};

/** Where a voucher stands now, in words; the colour only repeats them. */
export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  return (
    <StatusBadge tone={VOUCHER_TONES[status]} nowrap>
      {VOUCHER_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

/** Whether a piece of content shows now, in words; the colour only repeats them. */
export function ContentStatusBadge({ status }: { status: ContentStatus }) {
  return (
    <StatusBadge tone={CONTENT_TONES[status]} nowrap>
      {CONTENT_STATUS_LABELS[status]}
    </StatusBadge>
  );
}
