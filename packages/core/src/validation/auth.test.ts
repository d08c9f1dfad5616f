import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appErrorFromZodIssues } from '../errors/index.js';
import {
  changePasswordSchema,
  emailOnlySchema,
  emailSchema,
  forgotPasswordSchema,
  formatRecoveryCode,
  loginSchema,
  newPasswordSchema,
  normalizeRecoveryCode,
  passwordSchema,
  RECOVERY_CODE_ALPHABET,
  recoveryCodeFormSchema,
  regenerateRecoveryCodesSchema,
  resetPasswordSchema,
  tfaAnswerSchema,
  tfaCodeSchema,
  tfaResetSchema,
  verifyEmailSchema,
} from './auth.js';

/** The distinct issues as 'path: message', so tests can assert the exact codes produced. */
function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))];
}

function codesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}

describe('emailSchema', () => {
  it('trims and lower-cases valid addresses', () => {
    expect(emailSchema.parse('  Ann.Lee+shop@Example.COM ')).toBe('ann.lee+shop@example.com');
    expect(emailSchema.parse('a@b.co')).toBe('a@b.co');
  });

  it('rejects invalid addresses with user/invalid_email', () => {
    for (const value of [
      '',
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'ann lee@example.com',
      'a@@b.co',
      42,
    ]) {
      expect(codesOf(emailSchema, value), String(value)).toEqual(['user/invalid_email']);
    }
    expect(codesOf(emailSchema, `${'a'.repeat(250)}@b.co`)).toEqual(['user/invalid_email']);
  });

  it('reports a missing email as missing', () => {
    expect(codesOf(emailSchema, undefined)).toEqual(['general/missing_argument']);
  });
});

describe('passwordSchema / newPasswordSchema', () => {
  it.each([
    [passwordSchema, 'user/invalid_password'],
    [newPasswordSchema, 'auth/invalid_new_password'],
  ] as const)('needs 8+ characters, a lower, an upper and a number or symbol (%#)', (schema, code) => {
    for (const ok of ['Abcdefg1', 'Abcdefg!', 'abcdefG_', 'ÄBCDEFg£', 'Pass word 9', 'Abcdefg٣']) {
      expect(schema.parse(ok), ok).toBe(ok);
    }
    for (const bad of ['Abcde1!', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'Abcd efg', '', 12345678]) {
      expect(codesOf(schema, bad), String(bad)).toEqual([code]);
    }
    expect(codesOf(schema, undefined)).toEqual(['general/missing_argument']);
  });

  it('keeps surrounding spaces, which are part of the password', () => {
    expect(passwordSchema.parse(' Abcdefg1 ')).toBe(' Abcdefg1 ');
  });
});

describe('loginSchema', () => {
  it('normalises the email and defaults rememberme to false', () => {
    expect(loginSchema.parse({ email: ' Ann@Example.com', password: 'whatever' })).toEqual({
      email: 'ann@example.com',
      password: 'whatever',
      rememberme: false,
    });
    expect(loginSchema.parse({ email: 'a@b.co', password: 'x', rememberme: true }).rememberme).toBe(true);
  });

  it('does not apply the new-password rule to existing passwords', () => {
    expect(loginSchema.parse({ email: 'a@b.co', password: 'old' }).password).toBe('old');
  });

  it('reports empty fields as missing, not as a wrong email or password', () => {
    expect(issuesOf(loginSchema, { email: '', password: '' })).toEqual([
      'email: general/missing_argument',
      'password: general/missing_argument',
    ]);
    expect(issuesOf(loginSchema, { email: '   ', password: 'x' })).toEqual([
      'email: general/missing_argument',
    ]);
    expect(
      appErrorFromZodIssues(loginSchema.safeParse({ email: 'a@b.co', password: '' }).error?.issues ?? []),
    ).toMatchObject({ code: 'general/missing_argument', params: ['password'] });
    expect(
      appErrorFromZodIssues(loginSchema.safeParse({ email: '', password: 'x' }).error?.issues ?? []),
    ).toMatchObject({ code: 'general/missing_argument', params: ['email'] });
  });

  it('rejects a bad email and a non-boolean rememberme', () => {
    expect(issuesOf(loginSchema, { email: 'ann', password: 'x' })).toEqual(['email: user/invalid_email']);
    expect(issuesOf(loginSchema, { email: 'a@b.co', password: 'x', rememberme: 'yes' })).toEqual([
      'rememberme: general/argument_error',
    ]);
    expect(
      appErrorFromZodIssues(loginSchema.safeParse({ email: 'a@b.co' }).error?.issues ?? []).params,
    ).toEqual(['password']);
  });
});

describe('changePasswordSchema', () => {
  it('needs the current password and a new password that meets the rule', () => {
    expect(changePasswordSchema.parse({ currentPassword: 'old', newPassword: 'Newer123!' })).toEqual({
      currentPassword: 'old',
      newPassword: 'Newer123!',
    });
    expect(issuesOf(changePasswordSchema, { currentPassword: '', newPassword: 'Newer123!' })).toEqual([
      'currentPassword: auth/wrong_password',
    ]);
    expect(issuesOf(changePasswordSchema, { currentPassword: 'old', newPassword: 'weak' })).toEqual([
      'newPassword: auth/invalid_new_password',
    ]);
  });
});

describe('resetPasswordSchema', () => {
  it('needs uid, token and a password that meets the rule', () => {
    expect(
      resetPasswordSchema.parse({ uid: 'u1', resetPasswordToken: ' tok ', password: 'Newer123!' }),
    ).toEqual({
      uid: 'u1',
      resetPasswordToken: 'tok',
      password: 'Newer123!',
    });
    expect(issuesOf(resetPasswordSchema, { uid: '', resetPasswordToken: '', password: 'weak' })).toEqual([
      'uid: auth/invalid_password_reset_token',
      'resetPasswordToken: auth/invalid_password_reset_token',
      'password: auth/invalid_new_password',
    ]);
  });
});

describe('forgotPasswordSchema / emailOnlySchema', () => {
  it.each([forgotPasswordSchema, emailOnlySchema])('takes one valid email (%#)', (schema) => {
    expect(schema.parse({ email: ' ANN@example.com ' })).toEqual({ email: 'ann@example.com' });
    expect(issuesOf(schema, { email: 'ann' })).toEqual(['email: user/invalid_email']);
    expect(issuesOf(schema, {})).toEqual(['email: general/missing_argument']);
  });
});

describe('verifyEmailSchema / tfaCodeSchema', () => {
  it.each([
    [verifyEmailSchema, 'code', 'auth/invalid_email_verification_code'],
    [tfaCodeSchema, 'token', 'auth/tfa_wrong_code'],
  ] as const)('takes exactly six digits, trimmed (%#)', (schema, field, code) => {
    expect(schema.parse({ [field]: ' 012345 ' })).toEqual({ [field]: '012345' });
    for (const value of ['12345', '1234567', '12 345', 'abcdef', '', 123456]) {
      expect(codesOf(schema, { [field]: value }), String(value)).toEqual([code]);
    }
    expect(codesOf(schema, {})).toEqual([code]);
  });
});

describe('tfaResetSchema', () => {
  it('needs a token of at most 200 characters', () => {
    expect(tfaResetSchema.parse({ resetTfaToken: ' abc ' })).toEqual({ resetTfaToken: 'abc' });
    for (const value of ['', '  ', 'x'.repeat(201), undefined]) {
      expect(codesOf(tfaResetSchema, { resetTfaToken: value }), String(value)).toEqual([
        'auth/tfa_reset_token_invalid',
      ]);
    }
  });
});

describe('recovery codes', () => {
  it('has 32 distinct characters without the look-alikes I, L, O and U', () => {
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('reads a code however it is typed: case, spaces, dashes and look-alike letters', () => {
    for (const typed of [
      'ABCD-EFGH-JKMN',
      'abcd-efgh-jkmn',
      ' abcd efgh jkmn ',
      'ABCDEFGHJKMN',
      'ab-cd-ef-gh-jk-mn',
      'ABCD\u2013EFGH\u2013JKMN',
    ]) {
      expect(normalizeRecoveryCode(typed), typed).toBe('ABCDEFGHJKMN');
    }
    expect(normalizeRecoveryCode('OOOO-IIII-LLLL')).toBe('000011111111');
  });

  it('refuses what cannot be a code', () => {
    for (const typed of [
      '',
      'ABCD-EFGH-JKM',
      'ABCD-EFGH-JKMNP',
      'ABCD-EFGH-JKMU',
      'ABCD_EFGH_JKMN',
      '123456',
      `${' '.repeat(60)}ABCDEFGHJKMN`,
    ]) {
      expect(normalizeRecoveryCode(typed), typed).toBeUndefined();
    }
  });

  it('shows a code in dashed groups of four', () => {
    expect(formatRecoveryCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
  });
});

describe('tfaAnswerSchema', () => {
  it('takes six digits as an authenticator code and anything else that reads as a recovery code', () => {
    expect(tfaAnswerSchema.parse({ token: ' 012345 ' })).toEqual({
      token: { kind: 'authenticator', code: '012345' },
    });
    expect(tfaAnswerSchema.parse({ token: 'abcd efgh jkmn' })).toEqual({
      token: { kind: 'recovery', code: 'ABCDEFGHJKMN' },
    });
  });

  it('calls anything else a wrong code, and an absent one missing', () => {
    for (const value of ['12345', '1234567', 'abcdef', '', 123456, null, ['123456']]) {
      expect(codesOf(tfaAnswerSchema, { token: value }), String(value)).toEqual(['auth/tfa_wrong_code']);
    }
    expect(
      appErrorFromZodIssues(tfaAnswerSchema.safeParse({}, { reportInput: true }).error?.issues ?? []).code,
    ).toBe('general/missing_argument');
  });

  it('has a form schema for the recovery code alone, and a password to make new ones', () => {
    expect(recoveryCodeFormSchema.safeParse({ recoveryCode: 'abcd-efgh-jkmn' }).success).toBe(true);
    expect(codesOf(recoveryCodeFormSchema, { recoveryCode: '123456' })).toEqual(['auth/tfa_wrong_code']);
    expect(codesOf(regenerateRecoveryCodesSchema, { password: '' })).toEqual(['auth/wrong_password']);
    expect(regenerateRecoveryCodesSchema.parse({ password: 'x' })).toEqual({ password: 'x' });
  });
});

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every file auth.ts loads, following relative imports, plus the packages they name. */
function importClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, kind, specifier] of source.matchAll(
      /^(import|export)\b(?!\s+type\b)[^;]*?from '([^']+)'/gms,
    )) {
      if (kind === undefined || specifier === undefined) continue;
      if (specifier.startsWith('.'))
        visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(here, file)), packages: [...packages] };
}

describe('auth.ts', () => {
  // The sign-in and password pages load this file; the country data and the phone library would
  // multiply what they download.
  it('loads neither the address data nor the phone library', () => {
    const { files, packages } = importClosure(path.join(here, 'auth.ts'));
    expect(files).toContain('issue-codes.ts');
    expect(files.filter((file) => file.includes('address'))).toEqual([]);
    expect(packages).toEqual(['zod']);
  });
});
