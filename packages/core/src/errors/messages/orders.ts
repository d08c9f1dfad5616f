// Orders once placed: their moves, fulfilment, disputes and refunds, and paying for them.
export const ORDER_ERRORS = {
  'order/not_found': 'The order you are looking for is not found',
  'order/invalid_transition': 'An order that is {0} cannot become {1}',
  'order/not_cancellable':
    'Only an order waiting for payment can be cancelled here; please message the store',
  'order/not_receivable': 'You can confirm receipt once the order has been shipped',
  'order/not_disputable': 'This order cannot be disputed',
  'order/invalid_reason': 'The reason can be at most 500 characters',
  'order/invalid_message': 'Please write a message of 1 to 2000 characters',
  'order/invalid_tracking_number': 'Please enter the tracking number, at most 100 characters',
  'order/invalid_refund_amount': 'Please enter a refund amount above zero',
  'order/refund_wrong_currency': 'A refund is made in the currency the order was paid in',
  'order/refund_exceeds_paid': 'A refund cannot be more than what remains of the payment ({0})',
  'order/invalid_refund_reason': 'Please give a reason of 1 to 500 characters',
  'order/invalid_refund_reference': 'Please enter the bank transfer reference, at most 100 characters',
  'order/not_refundable': 'This order has no payment to refund',
  'order/refund_in_progress':
    'A refund of this order is still waiting for the card provider; try again once it is answered',
  'order/refund_refused': 'The card provider refused the refund; nothing was refunded',
  'order/refund_not_found': 'The refund you are looking for is not found',
  'order/not_disputed': 'This order has no open dispute',
  'order/invalid_dispute_outcome': 'Please choose how the dispute was settled',
  'order/invalid_dispute_note': 'Please write a note of 1 to 1000 characters',
  'order/payment_in_progress':
    'A payment for this order is under way; wait for it to finish, or message the store if it is stuck',
  'order/not_due': 'This order still has time to be paid',
  'order/invalid_carrier': "Please choose one of the store's carriers",
  'order/invalid_bulk_selection': 'Please choose 1 to {0} different orders to ship',
  'order/bulk_ship_refused': 'Nothing was shipped: {0} of the orders cannot be shipped as they are',
  'payment/not_payable': 'This order is no longer waiting for payment',
  'payment/wrong_method': 'This order is paid by {0}; choose that method to pay it',
  'payment/card_unavailable':
    'Card payments are not available right now; please choose another payment method',
  'payment/test_card_unavailable': 'The test card is not available on this store',
  'payment/unknown_test_card':
    'Use the test card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined payment',
  'payment/invalid_payment_method': 'Please enter your card details again',
  'payment/paynow_unavailable': 'PayNow takes Singapore dollars only; please choose another payment method',
  'payment/invalid_signature': 'The payment notice could not be verified',
  'payment/invalid_event': 'The payment notice could not be read',
  'payment/provider_error': 'The card payment service could not be reached; please try again in a moment',
  'payment/card_not_found': 'The saved card you are looking for is not found',
} as const;
