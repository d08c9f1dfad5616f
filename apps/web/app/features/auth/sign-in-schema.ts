import { z } from 'zod';

// Signing in checks only that the fields are usable; whether the password is right is the server's
// answer (auth/wrong_email_or_password), and strength rules apply when a password is chosen.
export const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: 'user/invalid_email' })),
  password: z.string().min(1, { error: 'Please enter your password' }),
  rememberme: z.boolean(),
});

export type SignInValues = z.infer<typeof signInSchema>;
