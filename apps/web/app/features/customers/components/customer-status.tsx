import type { CustomerStatus } from '@crossbuy/core/customer';

export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  active: 'Active',
  unverified: 'Email not verified',
  blacklisted: 'Blacklisted',
};

const TONES: Record<CustomerStatus, string> = {
  active: 'bg-brand-50 text-brand-900',
  unverified: 'border border-brand-700 bg-white text-brand-900',
  blacklisted: 'bg-danger-50 text-danger-700',
};

/** The customer's standing in words; the colour only repeats what the words say. */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${TONES[status]}`}>
      {CUSTOMER_STATUS_LABELS[status]}
    </span>
  );
}
