import { AUDIT_SUBJECT_TYPES, type AuditSubjectType } from '@crossbuy/core/audit';
import { formatStoreDateTimeUnlabelled, STORE_TIME_NAME } from '@crossbuy/core/dates';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ChoiceFilter, FilterBar, SearchFilter } from '../../../components/ui/filter-bar';
import { EmptyList } from '../../../components/ui/page-states';
import { PagedTable } from '../../../components/ui/paged-list';
import { listPageHref } from '../../../components/ui/pagination';
import { labelledOptions } from '../../../components/ui/select-field';
import { TitledPage } from '../../../components/ui/titled-page';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilter, useAuditLog } from '../api/audit-api';

const SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  quotation_item: 'Quotation item',
  order: 'Order',
  user: 'Account',
  contact_message: 'Contact message',
  category: 'Category',
  merchant: 'Merchant',
  product: 'Product',
  voucher: 'Voucher',
  content: 'Content',
  setting: 'Store setting',
  region: 'Region',
  exchange_rate: 'Exchange rate',
  shipping_location: 'Shipping location',
  shipping_rule: 'Shipping fee rule',
  tax_rate: 'Tax rate',
  staff_invitation: 'Staff invitation',
};

/** The kinds of subject as a sentence names several: "among orders". */
const SUBJECT_PLURALS: Record<AuditSubjectType, string> = {
  quotation_item: 'quotation items',
  order: 'orders',
  user: 'accounts',
  contact_message: 'contact messages',
  category: 'categories',
  merchant: 'merchants',
  product: 'products',
  voucher: 'vouchers',
  content: 'content',
  setting: 'store settings',
  region: 'regions',
  exchange_rate: 'exchange rates',
  shipping_location: 'shipping locations',
  shipping_rule: 'shipping fee rules',
  tax_rate: 'tax rates',
  staff_invitation: 'staff invitations',
};

const ACTION_LABELS: Record<string, string> = {
  'quotation_item.resolve': 'Quoted an item',
  'quotation_item.decline': 'Declined an item',
  'quotation_item.shopper_change': 'Shopper changed a quotation request',
  'order.confirm_paynow': 'Confirmed a PayNow transfer',
  'order.move': 'Moved an order on',
  'order.refund': 'Refunded an order',
  'order.cancel': 'Cancelled a paid order',
  'order.resolve_dispute': 'Settled a dispute',
  'order.export': 'Exported orders',
  'user.blacklist': 'Blacklisted an account',
  'user.unblacklist': 'Lifted a blacklisting',
  'contact_message.read': 'Opened a contact message',
  'contact_message.reply': 'Replied to a contact message',
  'category.create': 'Added a category',
  'category.update': 'Changed a category',
  'category.move': 'Moved a category',
  'category.delete': 'Deleted a category',
  'merchant.create': 'Added a merchant',
  'merchant.update': 'Changed a merchant',
  'product.add_image': 'Added a product picture',
  'product.order_images': 'Reordered product pictures',
  'product.remove_image': 'Deleted a product picture',
  'product.create': 'Added a product',
  'product.update': 'Changed a product',
  'product.variant_add': 'Added a variant',
  'product.variant_update': "Changed a variant's price",
  'product.save_variants': "Saved the variants' prices and stock",
  'product.variant_remove': 'Removed a variant',
  'product.set_stock': 'Set stock',
  'product.set_region_prices': 'Set region prices',
  'product.export': 'Exported the products',
  'product.import': 'Imported a product',
  'voucher.create': 'Created a voucher',
  'voucher.update': 'Changed a voucher',
  'voucher.enable': 'Enabled a voucher',
  'voucher.disable': 'Disabled a voucher',
  'content.create_banner': 'Created a banner',
  'content.update_banner': 'Changed a banner',
  'content.delete_banner': 'Deleted a banner',
  'content.create_popup': 'Created a popup',
  'content.update_popup': 'Changed a popup',
  'content.delete_popup': 'Deleted a popup',
  'content.create_home_group': 'Created a home product group',
  'content.update_home_group': 'Changed a home product group',
  'content.delete_home_group': 'Deleted a home product group',
  'content.create_image_page': 'Created an image page',
  'content.update_image_page': 'Changed an image page',
  'content.delete_image_page': 'Deleted an image page',
  'setting.update': 'Changed a store setting',
  'region.create': 'Added a region',
  'region.update': 'Changed a region',
  'exchange_rate.set': 'Set an exchange rate',
  'exchange_rate.import': 'Imported an exchange rate',
  'shipping_location.update': 'Opened or closed a shipping location',
  'shipping_rule.create': 'Added a shipping fee rule',
  'shipping_rule.update': 'Changed a shipping fee rule',
  'shipping_rule.delete': 'Removed a shipping fee rule',
  'tax_rate.set': 'Set a tax rate',
  'tax_rate.delete': 'Removed a tax rate',
  'user.change_role': 'Changed a role',
  'staff_invitation.send': 'Invited to the staff',
  'staff_invitation.revoke': 'Revoked a staff invitation',
  'staff_invitation.accept': 'Accepted a staff invitation',
};

const AUDIT_COLUMNS = [
  { label: `When (${STORE_TIME_NAME})` },
  { label: 'Who' },
  { label: 'What' },
  { label: 'Change' },
] as const;

export function isAuditSubjectType(value: string | null): value is AuditSubjectType {
  return (AUDIT_SUBJECT_TYPES as readonly string[]).includes(value ?? '');
}

function subjectLabel(type: string): string {
  return isAuditSubjectType(type) ? SUBJECT_LABELS[type] : type;
}

function hrefFor(filter: AuditFilter, page = 1): string {
  return listPageHref('/admin/audit_log', filter, page);
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields the change touched, each as it was and as it became; unchanged fields are left out. */
function changedFields(entry: AuditEntry): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.flatMap((field) => {
    const before = shown(entry.before?.[field]);
    const after = shown(entry.after?.[field]);
    return before === after ? [] : [{ field, before, after }];
  });
}

/** When the change was made, by whom, to what (a link to that subject's changes), and each field changed. */
function AuditEntryCells({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <td className="whitespace-nowrap p-3">
        <time dateTime={entry.createdAt}>{formatStoreDateTimeUnlabelled(entry.createdAt)}</time>
      </td>
      <td className="break-all p-3">{entry.actor.email}</td>
      <td className="p-3">
        <p className="font-semibold">{ACTION_LABELS[entry.action] ?? entry.action}</p>
        <p className="text-muted">
          {subjectLabel(entry.subject.type)}{' '}
          <Link
            to={hrefFor({
              subjectType: isAuditSubjectType(entry.subject.type) ? entry.subject.type : null,
              subjectId: entry.subject.id,
              about: null,
            })}
            className="break-words underline"
          >
            {entry.subject.name ?? 'since removed'}
          </Link>
        </p>
      </td>
      <td className="p-3">
        <ul className="flex flex-col gap-1">
          {changedFields(entry).map(({ field, before, after }) => (
            <li key={field} className="break-words">
              <span className="font-semibold">{field}</span>: {before} → {after}
            </li>
          ))}
        </ul>
      </td>
    </>
  );
}

/**
 * What the staff changed, and shoppers' changes of quotation items, newest first, filtered by what was
 * changed; for admins.
 */
export function AuditLog({ filter, page }: { filter: AuditFilter; page: number }) {
  const log = useAuditLog(filter, page);
  const filtered = filter.subjectType !== null || filter.subjectId !== null || filter.about !== null;
  // The fields show the filter of the address, also after an entry's link or Back changed it; set in
  // place rather than drawn anew, so the field a keyboard user pressed Enter in keeps the focus.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const fields = form.current?.elements;
    const about = fields?.namedItem('about');
    const subjectType = fields?.namedItem('subjectType');
    if (about instanceof HTMLInputElement) about.value = filter.about ?? '';
    if (subjectType instanceof HTMLSelectElement) subjectType.value = filter.subjectType ?? '';
  }, [filter.about, filter.subjectType]);
  // An entry's link shows one subject's changes: say which, by the name the entries give it.
  const oneSubject = filter.subjectId === null ? undefined : log.data?.entries[0]?.subject;

  return (
    <TitledPage headingId="audit-heading" title="Audit log" width="max-w-5xl">
      <FilterBar
        formRef={form}
        action="/admin/audit_log"
        label="Filter the audit log"
        submitLabel="Show"
        clearLabel="Show everything"
        filtered={filtered}
        className="flex flex-wrap items-end gap-3"
        actionsClassName="contents"
      >
        <ChoiceFilter
          label="Changed"
          name="subjectType"
          value={filter.subjectType}
          anyLabel="Anything"
          options={labelledOptions(AUDIT_SUBJECT_TYPES, SUBJECT_LABELS)}
          className="w-48"
        />
        <SearchFilter
          label="Order, person, product or code"
          name="about"
          value={filter.about}
          hint="An order reference such as CB-7K2M9QXA, a name or email, a product, merchant or category, or a voucher code. Part of it is enough."
          maxLength={200}
          className="w-96 max-w-full"
        />
      </FilterBar>

      {oneSubject ? (
        <p>
          Showing the changes to one {subjectLabel(oneSubject.type).toLowerCase()}:{' '}
          <span className="font-semibold">{oneSubject.name ?? 'since removed'}</span>.
        </p>
      ) : null}

      <PagedTable
        list={log}
        rows="entries"
        noun="the audit log"
        empty={
          <EmptyList>
            {filter.about !== null
              ? `No change is about anything called “${filter.about}”${filter.subjectType ? ` among ${SUBJECT_PLURALS[filter.subjectType]}` : ''}. Check the spelling, or try part of the name, the whole order reference or an email.`
              : filtered
                ? 'Nothing was changed that matches.'
                : 'Nothing has been changed yet.'}
          </EmptyList>
        }
        caption={(range) => `Changes ${range}, newest first`}
        columns={AUDIT_COLUMNS}
        cells={(entry) => <AuditEntryCells entry={entry} />}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        hrefFor={(next) => hrefFor(filter, next)}
      />
    </TitledPage>
  );
}
