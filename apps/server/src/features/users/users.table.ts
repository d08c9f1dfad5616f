import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, randomId, timestampTz, updatedAt } from '../../db/columns.js';

export const userRole = pgEnum('user_role', ['shopper', 'operator', 'admin']);
export const userGender = pgEnum('user_gender', ['male', 'female', 'other']);

export const users = pgTable(
  'users',
  {
    id: randomId(),
    /** Always stored lower-cased and trimmed; uniqueness is on this value. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164. */
    phoneNumber: text('phone_number'),
    country: text('country'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: userGender('gender'),
    role: userRole('role').notNull().default('shopper'),
    acceptedTermsAt: timestampTz('accepted_terms_at'),
    emailVerifiedAt: timestampTz('email_verified_at'),
    blacklistedAt: timestampTz('blacklisted_at'),
    /** The TOTP seed, encrypted (lib/secrets encryptSecret); set by setup, kept while enabled. */
    tfaSecret: text('tfa_secret'),
    /** Set by the first successful code after setup; null while two-factor is off. */
    tfaEnabledAt: timestampTz('tfa_enabled_at'),
    /** The TOTP time step of the last accepted code, so no code is accepted twice. */
    tfaLastTimeStep: integer('tfa_last_time_step'),
    tfaSetupSkippedAt: timestampTz('tfa_setup_skipped_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    // The customer list: shoppers newest first, and a search for part of an email, name or phone number
    // (ILIKE '%...%', which only trigram indexes serve).
    index('users_role_created_idx').on(table.role, table.createdAt.desc().nullsFirst(), table.id),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
    index('users_phone_trgm_idx').using('gin', table.phoneNumber.op('gin_trgm_ops')),
  ],
);

/** The account a row belongs to: the row goes when the account does. */
export const cascadingUserId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
