/** The password rule of docs/rules/accounts.md in words, shown wherever a password is chosen. */
export const PASSWORD_RULE_HINT =
  'At least 8 characters, with a lower-case letter, an upper-case letter and a number or symbol.';
