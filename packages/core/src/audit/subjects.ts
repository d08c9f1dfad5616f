/** What the staff change, as the audit log names it. */
export const AUDIT_SUBJECT_TYPES = [
  'quotation_item',
  'order',
  'user',
  'contact_message',
  'category',
  'merchant',
  'product',
  'voucher',
  'content',
  'setting',
  'region',
  'exchange_rate',
  'shipping_location',
  'shipping_rule',
  'tax_rate',
  'staff_invitation',
] as const;

export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];
