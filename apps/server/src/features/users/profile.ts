import type { Profile } from '@crossbuy/core/validation';
import type { UserRow } from './users.table.js';

/** What a user may see of their own account (core's profileSchema): never the password hash or the two-factor seed. */
export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    country: user.country,
    birthDate: user.birthDate,
    gender: user.gender,
    role: user.role,
    acceptTerms: user.acceptedTermsAt !== null,
    emailVerified: user.emailVerifiedAt !== null,
    tfaEnabled: user.tfaEnabledAt !== null,
    tfaSetupSkipped: user.tfaSetupSkippedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
