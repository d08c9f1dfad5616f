import { z } from 'zod';
import { GENDERS } from './user.js';

/** Who holds an account, as they told the store: what they and the back office both see of them. */
export const accountHolderSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  country: z.string().nullable(),
  birthDate: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
});
export type AccountHolder = z.infer<typeof accountHolderSchema>;

/** What a user may see of their own account: never the password hash or the two-factor seed. */
export const profileSchema = accountHolderSchema.extend({
  role: z.enum(['shopper', 'operator', 'admin']),
  acceptTerms: z.boolean(),
  emailVerified: z.boolean(),
  tfaEnabled: z.boolean(),
  tfaSetupSkipped: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The answer of GET /auth/me and of every call that opens or changes a session. */
export const currentUserResponseSchema = z.object({
  signedIn: z.boolean(),
  tfaPassed: z.boolean(),
  profile: profileSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserResponseSchema>;

export const userResponseSchema = z.object({ user: profileSchema });
