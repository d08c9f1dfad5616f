import type { CustomerStatus } from '@crossbuy/core/customer';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  active: 'Active',
  unverified: 'Email not verified',
  blacklisted: 'Blacklisted',
};

const TONES: Record<CustomerStatus, StatusTone> = {
  active: 'live',
  unverified: 'waiting',
  blacklisted: 'danger',
};

/** The customer's standing in words; the colour only repeats what the words say. */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return <StatusBadge tone={TONES[status]}>{CUSTOMER_STATUS_LABELS[status]}</StatusBadge>;
}
