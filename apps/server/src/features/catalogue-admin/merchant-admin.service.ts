import { randomUUID } from 'node:crypto';
import {
  type AdminMerchant,
  type AdminMerchantListQuery,
  optionalImageUrl,
  slugFromName,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containingPattern } from '../../db/like-pattern.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { isUuid } from '../../lib/ids.js';
import { removePicture, savePicture } from '../../lib/image-store.js';
import type { PictureStorage } from '../../lib/picture-storage.js';
import { preparePicture } from '../../lib/picture-upload.js';
import { type MerchantRow, merchants } from '../catalogue/catalogue.table.js';
import { merchantColumns, merchantProductCount } from '../catalogue/catalogue-structure.service.js';
import { givenFields, recordCatalogueChange } from './catalogue-change.js';
import { refreshProductSearchFields } from './product-search-fields.js';

const adminMerchantFields = {
  ...merchantColumns,
  disabled: merchants.disabled,
  createdAt: merchants.createdAt,
  productCount: merchantProductCount,
};

type AdminMerchantRow = Omit<AdminMerchant, 'logo' | 'createdAt'> & {
  logoImage: string | null;
  createdAt: Date;
};

function toAdminMerchant({ logoImage, createdAt, ...row }: AdminMerchantRow): AdminMerchant {
  return {
    ...row,
    logo: optionalImageUrl(logoImage),
    createdAt: createdAt.toISOString(),
  };
}

/** The fields staff can change, as the audit log records them. */
const EDITABLE_FIELDS = ['name', 'sourceMarketPlace', 'countryCode', 'description', 'disabled'] as const;
type MerchantChange = Partial<Pick<MerchantRow, (typeof EDITABLE_FIELDS)[number]>>;

/** Merchants by name, disabled ones included, a page at a time; by part of a name or by status. */
export async function listAdminMerchants(
  db: Database,
  query: { page: number; limit: number; q?: string | undefined; status?: AdminMerchantListQuery['status'] },
): Promise<{ merchants: AdminMerchant[]; total: number }> {
  const filters: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containingPattern(query.q);
    filters.push(
      or(
        ilike(merchants.name, pattern),
        ilike(merchants.slug, pattern),
        ilike(merchants.sourceMarketPlace, pattern),
      ),
    );
  }
  if (query.status) filters.push(eq(merchants.disabled, query.status === 'disabled'));
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select(adminMerchantFields)
      .from(merchants)
      .where(where)
      .orderBy(asc(merchants.name), asc(merchants.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(merchants).where(where),
  ]);
  return { merchants: rows.map(toAdminMerchant), total: counted?.total ?? 0 };
}

export async function getAdminMerchant(db: Database, id: string): Promise<AdminMerchant> {
  const [row] = isUuid(id)
    ? await db.select(adminMerchantFields).from(merchants).where(eq(merchants.id, id))
    : [];
  if (!row) throw new AppError('merchant/not_found', [id]);
  return toAdminMerchant(row);
}

export async function createMerchant(
  db: Database,
  actorUserId: string,
  input: {
    name: string;
    sourceMarketPlace: string;
    countryCode: string;
    description: string;
    slug?: string | undefined;
  },
): Promise<AdminMerchant> {
  const slug = input.slug ?? slugFromName(input.name);
  if (slug === '') throw new AppError('merchant/invalid_slug');
  const { slug: _given, ...fields } = input;
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(merchants)
        .values({ ...fields, slug })
        .returning({ id: merchants.id });
      if (!row) throw new Error('merchant insert returned nothing');
      await recordCatalogueChange(tx, {
        actorUserId,
        action: 'merchant.create',
        subject: { type: 'merchant', id: row.id },
        before: null,
        after: { ...fields, slug },
      });
      return row.id;
    });
    return getAdminMerchant(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('merchant/slug_taken', [slug]);
    throw error;
  }
}

/** Edits a merchant's fields, or disables or enables it; only the fields given change. */
export async function updateMerchant(
  db: Database,
  actorUserId: string,
  id: string,
  change: { [Field in keyof MerchantChange]?: MerchantChange[Field] | undefined },
): Promise<AdminMerchant> {
  if (!isUuid(id)) throw new AppError('merchant/not_found', [id]);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(merchants).where(eq(merchants.id, id)).for('update');
    if (!row) throw new AppError('merchant/not_found', [id]);
    const { before, set } = givenFields(row, change, EDITABLE_FIELDS);
    await tx.update(merchants).set(set).where(eq(merchants.id, id));
    if (set.name !== undefined || set.sourceMarketPlace !== undefined) {
      await refreshProductSearchFields(tx, { merchantId: id });
    }
    await recordCatalogueChange(tx, {
      actorUserId,
      action: 'merchant.update',
      subject: { type: 'merchant', id },
      before,
      after: set,
    });
  });
  return getAdminMerchant(db, id);
}

/**
 * Puts an uploaded logo in place of the merchant's, checked and re-encoded as product pictures are. The
 * logo it replaces is deleted only when it was uploaded here: demo logos are drawn at seed time.
 */
export async function setMerchantLogo(
  db: Database,
  pictures: PictureStorage,
  actorUserId: string,
  id: string,
  bytes: Buffer,
): Promise<AdminMerchant> {
  await getAdminMerchant(db, id);
  const folder = `merchants/${id.toLowerCase()}/`;
  const key = `${folder}${randomUUID()}.webp`;
  await savePicture(pictures, key, await preparePicture(bytes));
  let replaced: string | null;
  try {
    replaced = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ logoImage: merchants.logoImage })
        .from(merchants)
        .where(eq(merchants.id, id))
        .for('update');
      if (!row) throw new AppError('merchant/not_found', [id]);
      await tx.update(merchants).set({ logoImage: key }).where(eq(merchants.id, id));
      await recordCatalogueChange(tx, {
        actorUserId,
        action: 'merchant.update',
        subject: { type: 'merchant', id },
        before: { logoImage: row.logoImage },
        after: { logoImage: key },
      });
      return row.logoImage;
    });
  } catch (error) {
    await removePicture(pictures, key);
    throw error;
  }
  if (replaced?.startsWith(folder)) await removePicture(pictures, replaced);
  return getAdminMerchant(db, id);
}
