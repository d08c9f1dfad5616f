import { describe, expect, it } from 'vitest';
import {
  asSentence,
  notificationGroupWords,
  type OrderEvent,
  orderEventNotice,
  orderEventSentence,
  orderItemsSummary,
  paynowToConfirmNotice,
} from './order-words.js';

const status = (toStatus: OrderEvent['toStatus'], change: Partial<OrderEvent> = {}): OrderEvent => ({
  kind: 'status',
  fromStatus: null,
  toStatus,
  actor: 'store',
  detail: {},
  ...change,
});

const payment = (detail: OrderEvent['detail'], change: Partial<OrderEvent> = {}): OrderEvent => ({
  kind: 'payment',
  fromStatus: null,
  toStatus: null,
  actor: 'provider',
  detail,
  ...change,
});

const paidDetail = { reference: 'pi_3Nx', amountMinor: 12355, currency: 'SGD' };

// Words a shopper must never meet in a sentence: the keys, codes and minor units the events are stored as.
const INTERNAL =
  /amountMinor|method:|result|marked_paid|received_after_close|test_card|payment_expired|pi_3Nx|12355|SGD|_/;

describe('orderEventSentence: status changes', () => {
  it.each([
    ['card', 'Paid S$123.55 by card.'],
    ['test_card', 'Paid S$123.55 by card (a test card: no real money moved).'],
    ['paynow', 'Paid S$123.55 by PayNow.'],
  ])('says what was paid by %s, as money', (method, sentence) => {
    const event = status('paid', {
      fromStatus: 'pending_payment',
      actor: 'provider',
      detail: { method, ...paidDetail },
    });
    expect(orderEventSentence(event, 'shopper')).toBe(sentence);
    expect(orderEventSentence(event, 'store')).toBe(sentence);
  });

  it('says the store confirmed a PayNow transfer', () => {
    const event = status('paid', { actor: 'store', detail: { method: 'paynow', ...paidDetail } });
    expect(orderEventSentence(event, 'shopper')).toBe(
      'Paid S$123.55 by PayNow; the store confirmed the transfer.',
    );
  });

  it('says "Paid." when the amount or method is not known', () => {
    expect(orderEventSentence(status('paid'), 'shopper')).toBe('Paid.');
    const odd = status('paid', { detail: { method: 'barter', amountMinor: 1.5, currency: 'XXX' } });
    expect(orderEventSentence(odd, 'shopper')).toBe('Paid.');
  });

  it('tells the shopper the order was placed, and the store that the shopper placed it', () => {
    expect(orderEventSentence(status('pending_payment', { actor: 'shopper' }), 'shopper')).toBe(
      'You placed the order. It waits for your payment.',
    );
    expect(orderEventSentence(status('pending_payment', { actor: 'shopper' }), 'store')).toBe(
      'The shopper placed the order. It waits for payment.',
    );
  });

  it('words preparing, shipping with its tracking number, delivery and completion', () => {
    expect(orderEventSentence(status('processing'), 'shopper')).toBe('The store is preparing your order.');
    expect(orderEventSentence(status('processing'), 'store')).toBe('The store is preparing the order.');
    expect(orderEventSentence(status('shipped', { detail: { trackingNumber: '123' } }), 'shopper')).toBe(
      'Shipped. Tracking number 123.',
    );
    expect(orderEventSentence(status('shipped', { detail: { trackingNumber: null } }), 'shopper')).toBe(
      'Shipped.',
    );
    const carried = (detail: OrderEvent['detail']) =>
      orderEventSentence(status('shipped', { detail }), 'shopper');
    expect(carried({ trackingNumber: 'SG123', carrier: 'SingPost' })).toBe(
      'Shipped with SingPost. Tracking number SG123.',
    );
    expect(carried({ carrier: 'SingPost' })).toBe('Shipped with SingPost.');
    expect(orderEventSentence(status('delivered'), 'shopper')).toBe('Delivered.');
    expect(orderEventSentence(status('completed'), 'shopper')).toBe('Completed.');
    expect(orderEventSentence(status('completed', { actor: 'shopper' }), 'shopper')).toBe(
      'You confirmed the order arrived. It is completed.',
    );
    expect(orderEventSentence(status('completed', { actor: 'shopper' }), 'store')).toBe(
      'The shopper confirmed the order arrived. It is completed.',
    );
  });

  it('says who cancelled and why, and an expiry without its code', () => {
    const expired = status('cancelled', { actor: 'system', detail: { reason: 'payment_expired' } });
    expect(orderEventSentence(expired, 'shopper')).toBe('Cancelled: the payment was not received in time.');
    const byShopper = status('cancelled', { actor: 'shopper', detail: { reason: 'changed my mind' } });
    expect(orderEventSentence(byShopper, 'shopper')).toBe(
      'You cancelled the order. Reason: Changed my mind.',
    );
    expect(orderEventSentence(byShopper, 'store')).toBe(
      'The shopper cancelled the order. Reason: Changed my mind.',
    );
    expect(
      orderEventSentence(status('cancelled', { actor: 'shopper', detail: { reason: null } }), 'shopper'),
    ).toBe('You cancelled the order.');
    const byStore = status('cancelled', { detail: { reason: 'Out of stock at the seller!' } });
    expect(orderEventSentence(byStore, 'shopper')).toBe(
      'The store cancelled the order. Reason: Out of stock at the seller!',
    );
    expect(orderEventSentence(status('cancelled', { actor: 'system' }), 'shopper')).toBe(
      'The order was cancelled.',
    );
  });

  it('words a dispute opened and settled each way', () => {
    const opened = status('disputed', { actor: 'shopper', detail: { reason: 'it arrived broken' } });
    expect(orderEventSentence(opened, 'shopper')).toBe('You opened a dispute. Reason: It arrived broken.');
    expect(orderEventSentence(opened, 'store')).toBe(
      'The shopper opened a dispute. Reason: It arrived broken.',
    );
    const settled = (toStatus: OrderEvent['toStatus']) =>
      orderEventSentence(
        status(toStatus, { fromStatus: 'disputed', detail: { resolution: 'we send a new one' } }),
        'shopper',
      );
    expect(settled('processing')).toBe(
      'The store settled the dispute: the order is being prepared again. We send a new one.',
    );
    expect(settled('completed')).toBe(
      'The store settled the dispute: the order is completed. We send a new one.',
    );
    expect(settled('cancelled')).toBe(
      'The store settled the dispute: the order is cancelled. We send a new one.',
    );
  });

  it('never shows a detail it does not know', () => {
    const sentence = orderEventSentence(
      status('delivered', { detail: { courier_code: 'XK_9', amountMinor: 5 } }),
      'shopper',
    );
    expect(sentence).toBe('Delivered.');
  });
});

describe('orderEventSentence: payment events', () => {
  it('tells the shopper their PayNow transfer waits for the store, and the store to confirm it', () => {
    const marked = payment(
      { method: 'paynow', result: 'marked_paid', reference: 'CB-ABCD2345' },
      { actor: 'shopper' },
    );
    expect(orderEventSentence(marked, 'shopper')).toBe(
      'You said the PayNow transfer is made; the store will confirm it.',
    );
    expect(orderEventSentence(marked, 'store')).toBe(
      'The shopper said the PayNow transfer is made; the store confirms it once it arrives.',
    );
  });

  it('says a card payment did not go through, with the bank’s words and not its reference', () => {
    const failed = payment({
      method: 'card',
      result: 'failed',
      reference: 'pi_3Nx',
      message: 'Your card was declined.',
    });
    expect(orderEventSentence(failed, 'shopper')).toBe(
      'The card payment did not go through. Your card was declined.',
    );
    const testCard = payment({
      method: 'test_card',
      result: 'failed',
      message: 'Your card was declined (test card)',
    });
    expect(orderEventSentence(testCard, 'shopper')).toBe(
      'The card payment did not go through. Your card was declined (test card).',
    );
  });

  it('words refunds by each method, with the bank transfer reference only where the shopper can use it', () => {
    const refund = (method: string, reference: string | null) =>
      payment(
        {
          method,
          result: 'refunded',
          amountMinor: 2500,
          currency: 'SGD',
          reason: 'one item arrived damaged',
          reference,
        },
        { actor: 'store' },
      );
    expect(orderEventSentence(refund('card', 're_3Nx'), 'shopper')).toBe(
      'Refunded S$25.00 to your card. Reason: One item arrived damaged.',
    );
    expect(orderEventSentence(refund('card', 're_3Nx'), 'store')).toBe(
      'Refunded S$25.00 to the shopper’s card. Reason: One item arrived damaged.',
    );
    expect(orderEventSentence(refund('paynow', 'DBS-REFUND-1'), 'shopper')).toBe(
      'Refunded S$25.00 by bank transfer, reference DBS-REFUND-1. Reason: One item arrived damaged.',
    );
    expect(orderEventSentence(refund('test_card', null), 'shopper')).toBe(
      'Refunded S$25.00 to the test card; no real money moved. Reason: One item arrived damaged.',
    );
  });

  it('says money received after the order closed is being given back', () => {
    const late = (method: string) =>
      payment({
        method,
        result: 'received_after_close',
        reference: 'pi_3Nx',
        amountMinor: 12355,
        currency: 'SGD',
      });
    expect(orderEventSentence(late('card'), 'shopper')).toBe(
      'We received S$123.55 after the order was closed; it is being refunded.',
    );
    expect(orderEventSentence(late('paynow'), 'shopper')).toBe(
      'We received S$123.55 by PayNow after the order was closed; we will send it back to you by bank transfer.',
    );
    expect(orderEventSentence(late('paynow'), 'store')).toBe(
      'We received S$123.55 by PayNow after the order was closed; it is owed back to the shopper by bank transfer.',
    );
  });

  it('says only that the payment was updated for a result it does not know', () => {
    expect(orderEventSentence(payment({ result: 'chargeback_opened', code: 'X_1' }), 'shopper')).toBe(
      'The payment was updated.',
    );
  });

  it('never shows a stored key, code or minor-unit number', () => {
    const events: OrderEvent[] = [
      status('paid', { detail: { method: 'test_card', ...paidDetail } }),
      status('cancelled', { actor: 'system', detail: { reason: 'payment_expired' } }),
      payment({ method: 'paynow', result: 'marked_paid', reference: 'CB-ABCD2345' }),
      payment({ method: 'card', result: 'received_after_close', ...paidDetail }),
      payment({ method: 'card', result: 'refunded', ...paidDetail, reason: 'late' }),
      payment({ method: 'test_card', result: 'failed', reference: 'pi_3Nx', message: 'Declined' }),
    ];
    for (const event of events) {
      for (const reader of ['shopper', 'store'] as const) {
        expect(orderEventSentence(event, reader)).not.toMatch(INTERNAL);
      }
    }
  });
});

describe('orderEventNotice', () => {
  it('titles a status change with the order and what it has become', () => {
    expect(orderEventNotice('CB-ABCD2345', status('completed', { actor: 'shopper' }))).toEqual({
      title: 'Order CB-ABCD2345 is completed',
      body: 'You confirmed the order arrived. It is completed.',
    });
    expect(orderEventNotice('CB-ABCD2345', status('shipped', { detail: { trackingNumber: '123' } }))).toEqual(
      {
        title: 'Order CB-ABCD2345 is on its way',
        body: 'Shipped. Tracking number 123.',
      },
    );
    expect(
      orderEventNotice('CB-ABCD2345', status('paid', { detail: { method: 'card', ...paidDetail } })).title,
    ).toBe('Order CB-ABCD2345 is paid');
  });

  it('titles refunds and money given back with the amount', () => {
    const refund = payment({
      method: 'card',
      result: 'refunded',
      amountMinor: 2500,
      currency: 'SGD',
      reason: 'late',
    });
    expect(orderEventNotice('CB-ABCD2345', refund)).toEqual({
      title: 'We refunded S$25.00 for order CB-ABCD2345',
      body: 'Refunded S$25.00 to your card. Reason: Late.',
    });
    const late = (method: string) => payment({ method, result: 'received_after_close', ...paidDetail });
    expect(orderEventNotice('CB-ABCD2345', late('card')).title).toBe(
      'We are refunding S$123.55 for order CB-ABCD2345',
    );
    expect(orderEventNotice('CB-ABCD2345', late('paynow')).title).toBe(
      'We will return S$123.55 for order CB-ABCD2345',
    );
  });

  it('tells operators which PayNow transfer to look for, as money', () => {
    expect(paynowToConfirmNotice('CB-ABCD2345', { amountMinor: 12355, currency: 'SGD' })).toEqual({
      title: 'Check the PayNow transfer for order CB-ABCD2345',
      body: 'The shopper says they sent S$123.55 by PayNow. Confirm the order once it arrives.',
    });
  });
});

describe('notificationGroupWords', () => {
  it('says how many updates a collapsed entry stands for, and nothing for one', () => {
    expect(notificationGroupWords(1)).toBe('');
    expect(notificationGroupWords(6)).toBe('Latest of 6 updates');
  });
});

describe('asSentence', () => {
  it('capitalises and closes typed text once', () => {
    expect(asSentence('  late   delivery ')).toBe('Late delivery.');
    expect(asSentence('Really?')).toBe('Really?');
    expect(asSentence('')).toBe('');
  });
});

describe('orderItemsSummary', () => {
  const balm = (quantity: number) => ({ name: 'Velvet Lip Balm', quantity });

  it('says how many of the first item when it is the only line, never "and 1 more"', () => {
    expect(orderItemsSummary({ lineCount: 1, firstItem: balm(1) })).toBe('Velvet Lip Balm');
    expect(orderItemsSummary({ lineCount: 1, firstItem: balm(2) })).toBe('Velvet Lip Balm × 2');
  });

  it('counts the other lines, not their units', () => {
    expect(orderItemsSummary({ lineCount: 2, firstItem: balm(1) })).toBe('Velvet Lip Balm and 1 more item');
    expect(orderItemsSummary({ lineCount: 2, firstItem: balm(3) })).toBe('Velvet Lip Balm and 1 more item');
    expect(orderItemsSummary({ lineCount: 4, firstItem: balm(1) })).toBe('Velvet Lip Balm and 3 more items');
  });

  it('says so when an order has no lines', () => {
    expect(orderItemsSummary({ lineCount: 0, firstItem: null })).toBe('No items');
  });
});
