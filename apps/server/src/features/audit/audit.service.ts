import type { AuditSubjectType } from '@crossbuy/core/audit';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { users } from '../users/users.table.js';
import { auditEntries } from './audit.table.js';

/**
 * What the staff can change, as the audit log names it: `<subject type>.<action>`; and the one change a
 * shopper makes to what the store answered (a quoted item's request), since it undoes the store's answer.
 */
export type AuditAction =
  | 'quotation_item.resolve'
  | 'quotation_item.decline'
  | 'quotation_item.shopper_change'
  | 'order.confirm_paynow'
  | 'order.move'
  | 'order.refund'
  | 'order.cancel'
  | 'order.resolve_dispute'
  | 'order.export'
  | 'user.blacklist'
  | 'user.unblacklist'
  | 'contact_message.read'
  | 'contact_message.reply'
  | 'category.create'
  | 'category.update'
  | 'category.move'
  | 'category.delete'
  | 'merchant.create'
  | 'merchant.update'
  | 'product.add_image'
  | 'product.order_images'
  | 'product.remove_image'
  | 'product.create'
  | 'product.update'
  | 'product.variant_add'
  | 'product.variant_update'
  | 'product.save_variants'
  | 'product.variant_remove'
  | 'product.set_stock'
  | 'product.set_region_prices'
  | 'product.export'
  | 'product.import'
  | 'voucher.create'
  | 'voucher.update'
  | 'voucher.enable'
  | 'voucher.disable'
  | 'content.create_banner'
  | 'content.update_banner'
  | 'content.delete_banner'
  | 'content.create_popup'
  | 'content.update_popup'
  | 'content.delete_popup'
  | 'content.create_home_group'
  | 'content.update_home_group'
  | 'content.delete_home_group'
  | 'content.create_image_page'
  | 'content.update_image_page'
  | 'content.delete_image_page'
  | 'setting.update'
  | 'region.create'
  | 'region.update'
  | 'exchange_rate.set'
  | 'exchange_rate.import'
  | 'shipping_location.update'
  | 'shipping_rule.create'
  | 'shipping_rule.update'
  | 'shipping_rule.delete'
  | 'tax_rate.set'
  | 'tax_rate.delete'
  | 'user.change_role'
  | 'staff_invitation.send'
  | 'staff_invitation.revoke'
  | 'staff_invitation.accept';

/** The fields a change touched, as they were and as they became; never a whole row (a user's holds secrets). */
export type AuditFields = Record<string, unknown>;

/** The fields whose value differs between two readings of a subject, as they were and as they became. */
export function changedFields<T extends AuditFields>(
  before: T,
  after: T,
): { before: AuditFields; after: AuditFields } {
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

export type AuditChange = {
  actorUserId: string;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string };
  before: AuditFields | null;
  after: AuditFields | null;
};

/**
 * Records a change inside the transaction that makes it, with the actor's email as it is now. One
 * statement: the entry and the email read are one round trip.
 */
export async function recordAudit(tx: Database, change: AuditChange): Promise<void> {
  const json = (fields: AuditFields | null) => (fields === null ? null : JSON.stringify(fields));
  const written = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO ${auditEntries} (actor_user_id, actor_email, action, subject_type, subject_id, before, after)
        SELECT id, email, ${change.action}, ${change.subject.type}, ${change.subject.id},
               ${json(change.before)}::jsonb, ${json(change.after)}::jsonb
          FROM ${users} WHERE id = ${change.actorUserId}
        RETURNING id`,
  );
  // The actor is signed in, so the account exists; a change nobody can be named for is not made.
  if (written.length === 0) throw new Error('The audited change has no actor account');
}
