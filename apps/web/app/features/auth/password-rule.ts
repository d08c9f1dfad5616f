/** The password rule of spec section 5 in words, shown wherever a password is chosen. */
export const PASSWORD_RULE_HINT =
  'At least 8 characters, with a lower-case letter, an upper-case letter and a number or symbol.';
