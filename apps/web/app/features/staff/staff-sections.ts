import type { UserProfile } from '../../lib/user-store';

export type StaffRole = Exclude<UserProfile['role'], 'shopper'>;

export type StaffSection = {
  to: string;
  label: string;
  /** Who may open it: the daily work is the operators'; the store's set-up and its staff are the admins'. */
  roles: readonly StaffRole[];
  /** Matched only exactly (the dashboard), not as the prefix of its sections' pages. */
  end?: boolean;
};

const EVERY_STAFF_ROLE: readonly StaffRole[] = ['operator', 'admin'];
const ADMINS_ONLY: readonly StaffRole[] = ['admin'];

/** The back office's sections, in the order the navigation shows them. */
export const STAFF_SECTIONS: readonly StaffSection[] = [
  { to: '/admin', label: 'Dashboard', roles: EVERY_STAFF_ROLE, end: true },
  { to: '/admin/orders', label: 'Orders', roles: EVERY_STAFF_ROLE },
  { to: '/admin/quotations', label: 'Quotations', roles: EVERY_STAFF_ROLE },
  { to: '/admin/products', label: 'Catalogue', roles: EVERY_STAFF_ROLE },
  { to: '/admin/marketing', label: 'Marketing', roles: EVERY_STAFF_ROLE },
  { to: '/admin/customers', label: 'Customers', roles: EVERY_STAFF_ROLE },
  { to: '/admin/messages', label: 'Messages', roles: EVERY_STAFF_ROLE },
  { to: '/admin/settings', label: 'Settings', roles: ADMINS_ONLY },
  { to: '/admin/staff', label: 'Staff', roles: ADMINS_ONLY },
  { to: '/admin/audit_log', label: 'Audit log', roles: ADMINS_ONLY },
];

export function isStaff(role: UserProfile['role']): role is StaffRole {
  return role !== 'shopper';
}

export function sectionsFor(role: UserProfile['role']): readonly StaffSection[] {
  return isStaff(role) ? STAFF_SECTIONS.filter((section) => section.roles.includes(role)) : [];
}
