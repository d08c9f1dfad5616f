// Accounts: the shopper's details, signing in and two-factor authentication, the address book and notifications.
export const ACCOUNT_ERRORS = {
  'user/invalid_phone_number': 'Invalid Phone Number',
  'user/invalid_email': 'Invalid email',
  'user/invalid_accept_terms': 'Please accept the terms and conditions',
  'user/not_found': 'The user you are looking for is not found',
  'user/max_addresses_reached': 'You have reached the maximum number address of {0} per user',
  'user/invalid_first_name': 'Please enter a first name of 1 to 100 characters',
  'user/invalid_last_name': 'Please enter a last name of 1 to 100 characters',
  'user/invalid_password':
    'Your password must be at least 8 characters long and contain a lower-case letter, an upper-case letter and a number or symbol',
  'user/invalid_country': 'Please select a valid country',
  'user/invalid_birthdate': 'Please enter a valid date of birth; you must be at least 13 years old',
  'user/invalid_gender': 'Please select a valid gender',
  'auth/email_taken': 'The email is already been taken by another user',
  'auth/wrong_email_or_password': 'Your email and/or password is incorrect, please try again',
  'auth/invalid_state': 'Something when wrong with your session, please login again',
  'auth/not_authorized': 'You are not authorized to perform this action',
  'auth/email_verified': 'Your email has already been verified',
  'auth/resend_verify_code_rate_limit': 'Please wait before requesting another verification code',
  'auth/unverified_email':
    'Your email address has not been verified yet. Please check your email for verification instructions',
  'auth/password_reset_token_expired':
    'Your password reset link has expired. Please request forgot password again to get a new one',
  'auth/tfa_not_verified': 'This feature requires you to complete two-factor authentication first',
  'auth/staff_tfa_required':
    "The back office needs two-factor authentication: turn it on in your account's security settings first",
  'auth/account_blacklisted':
    'Your account has been suspended for violating our policies and terms. Please contact us at {0}',
  'auth/invalid_email_verification_code': 'The verification code is invalid or has expired',
  'auth/user_not_found': 'No account was found for this user',
  'auth/wrong_password': 'Your current password is incorrect',
  'auth/invalid_new_password':
    'Your new password must be at least 8 characters long and contain a lower-case letter, an upper-case letter and a number or symbol',
  'auth/invalid_password_reset_token':
    'This password reset link is invalid. Please request forgot password again to get a new one',
  'auth/invalid_refresh_token': 'Your session has expired, please login again',
  'auth/tfa_wrong_code': 'The two-factor authentication code is incorrect',
  'auth/tfa_not_setup': 'Two-factor authentication has not been set up for your account',
  'auth/tfa_reset_token_invalid': 'This two-factor authentication reset link is invalid or has expired',
  'auth/tfa_already_setup': 'Two-factor authentication is already set up for your account',
  'auth/tfa_not_enabled': 'Two-factor authentication is not enabled for your account',
  'auth/invalid_access_token': 'Please login to continue',
  'auth/invalid_user_agent':
    'Your browser or app could not be recognised, please try again from a supported browser',
  'address/not_found': 'The address you are looking for is not found',
  'address/invalid_full_name': 'Please enter a full name of 1 to 200 characters',
  'address/invalid_phone_number': 'Please enter a valid phone number for the selected country',
  'address/invalid_address': 'Please enter an address of 1 to 200 characters',
  'address/invalid_postal_code': 'Please enter a valid postal code for the selected country',
  'address/invalid_unit_number': 'The unit number can be at most 30 characters',
  'address/invalid_main': 'The main address flag must be true or false',
  'address/main_required': 'You always have one main address: make another address main first',
  'address/invalid_country': 'Please select a valid country',
  'address/invalid_state': 'Please select a valid state for the selected country',
  'address/invalid_city': 'Please enter a valid city for the selected country',
  'notification/not_found': 'The notification you are looking for is not found',
} as const;
