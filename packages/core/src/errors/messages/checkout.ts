// Checkout and the voucher codes a shopper enters there or the store writes.
export const CHECKOUT_ERRORS = {
  'checkout/not_found': 'This checkout is not found; please start again from your cart',
  'checkout/session_expired': 'This checkout has expired; please start again from your cart',
  'checkout/empty_selection': 'Please choose at least one item to check out',
  'checkout/out_of_stock': 'Only {1} of {0} left in stock; please lower the quantity',
  'checkout/item_unavailable': '{0} is no longer available; remove it to continue',
  'checkout/shipping_unavailable': 'We do not deliver this order to {0} yet; please choose another address',
  'checkout/invalid_payment_method': 'Please choose a payment method',
  'checkout/payment_method_unavailable':
    '{0} cannot be used for this order; please choose another payment method',
  'checkout/invalid_notes': 'The note can be at most 1000 characters',
  'checkout/total_too_large': 'One order can come to at most {0}; please split it into smaller orders',
  'checkout/too_many_unpaid_orders':
    'You have {0} orders waiting for payment; please pay for or cancel one before placing another',
  'checkout/too_many_units_held':
    'At most {1} of {0} can wait for payment in your orders at once ({2} already do); please lower the quantity or pay for your open orders first',
  'checkout/too_many_orders':
    'You have placed {0} orders in the last hour; please try again in {1} minute(s)',
  'checkout/too_many_sessions': 'You have {0} unfinished checkouts; please try again in {1} minute(s)',
  'voucher/unknown': 'This voucher code is not valid',
  'voucher/expired': 'This voucher has expired',
  'voucher/not_yet_valid': 'This voucher can be used from {0}',
  'voucher/minimum_not_met': 'This voucher needs a minimum spend of {0}',
  'voucher/wrong_region': 'This voucher can only be used in {0}',
  'voucher/wrong_payment_method': 'This voucher can only be used when paying by {0}',
  'voucher/used_up': 'This voucher has been fully redeemed',
  'voucher/already_used': 'You have already used this voucher the most times allowed ({0})',
  'voucher/too_many_attempts': 'Too many voucher codes were tried; please try again in {0} seconds',
  'voucher/not_found': 'The voucher you are looking for is not found',
  'voucher/code_taken': 'Another voucher already has the code {0}; please choose another code',
  'voucher/invalid_code':
    'Please enter a code of 2 to 40 letters, digits, hyphens or underscores, starting with a letter or digit',
  'voucher/invalid_description': 'The description can be at most 200 characters',
  'voucher/invalid_kind': 'Please choose a percentage or a fixed amount off',
  'voucher/invalid_percent': 'Please enter a percentage off from 1 to 100 for a percentage voucher',
  'voucher/invalid_amount':
    'Please enter the amount off, above zero in Singapore dollars, for a fixed voucher',
  'voucher/invalid_max_discount':
    'The maximum discount must be above zero in Singapore dollars, and only a percentage voucher has one',
  'voucher/invalid_min_spend': 'The minimum spend must be zero or more, in Singapore dollars',
  'voucher/invalid_regions': 'Please choose regions by their two-letter country codes',
  'voucher/invalid_payment_methods': 'Please choose payment methods from the list',
  'voucher/invalid_window': 'The voucher must start before it ends',
  'voucher/invalid_limit': 'Limits must be whole numbers from 1 to 1,000,000, or left empty for no limit',
  'voucher/invalid_listed': 'Please say whether shoppers see this voucher in their list',
  'voucher/limit_below_used':
    'This voucher has already been used {0} times ({1} by one shopper); a limit cannot be set below what is used',
} as const;
