import type { AccountHolder, Profile } from '@crossbuy/core/validation';
import type { UserRow } from './users.table.js';

/** Who holds the account (core's accountHolderSchema), as both they and the back office see it. */
export function toAccountHolder(user: UserRow): AccountHolder {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    country: user.country,
    birthDate: user.birthDate,
    gender: user.gender,
  };
}

/** What a user may see of their own account (core's profileSchema): never the password hash or the two-factor seed. */
export function toProfile(user: UserRow): Profile {
  return {
    ...toAccountHolder(user),
    role: user.role,
    acceptTerms: user.acceptedTermsAt !== null,
    emailVerified: user.emailVerifiedAt !== null,
    tfaEnabled: user.tfaEnabledAt !== null,
    tfaSetupSkipped: user.tfaSetupSkippedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
