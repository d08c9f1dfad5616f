import { ApiError } from '@crossbuy/core/errors';
import type { StoreVoucher, VoucherDraft } from '@crossbuy/core/marketing';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoucherForm } from './voucher-form';

afterEach(cleanup);

const stored: StoreVoucher = {
  id: 'v1',
  code: 'WINTER15',
  description: 'Winter sale',
  kind: 'percent',
  percentOff: 15,
  amountOff: null,
  maxDiscount: { amountMinor: 2000, currency: 'SGD' },
  minSpend: { amountMinor: 5000, currency: 'SGD' },
  regions: ['MY', 'SG'],
  paymentMethods: ['card'],
  startsAt: null,
  endsAt: null,
  totalLimit: 100,
  perUserLimit: 1,
  listed: true,
  active: true,
  status: 'active',
  redeemedCount: 3,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

function renderForm(voucher: StoreVoucher | null = null) {
  const onSave = vi.fn(async (_draft: VoucherDraft) => stored);
  render(<VoucherForm voucher={voucher} onSave={onSave} />);
  return { onSave, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name, { exact: false });

describe('VoucherForm', () => {
  it('sends a percentage voucher in the wire shape: amounts in minor units, regions tidied, empty limits as none', async () => {
    const { onSave, user } = renderForm();
    await user.type(field('Code'), 'spring10');
    await user.type(field('Percent off'), '10');
    await user.type(field('Maximum discount'), '12.50');
    await user.type(field('Minimum spend'), '40');
    await user.type(field('Regions'), 'sg, my');
    await user.click(screen.getByRole('checkbox', { name: 'PayNow' }));
    await user.type(field('Uses per shopper'), '1');
    await user.click(screen.getByRole('button', { name: 'Create voucher' }));

    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      code: 'SPRING10',
      description: '',
      kind: 'percent',
      percentOff: 10,
      amountOff: null,
      maxDiscount: { amountMinor: 1250, currency: 'SGD' },
      minSpend: { amountMinor: 4000, currency: 'SGD' },
      regions: ['MY', 'SG'],
      paymentMethods: ['paynow'],
      startsAt: null,
      endsAt: null,
      totalLimit: null,
      perUserLimit: 1,
      listed: true,
    });
    expect(await screen.findByText('The voucher has been saved.')).toBeTruthy();
  });

  it("reads and writes its start and end in Singapore time, whatever the browser's zone", async () => {
    const { onSave, user } = renderForm({
      ...stored,
      startsAt: '2026-03-01T17:30:00.000Z',
      endsAt: '2026-03-31T15:59:00.000Z',
    });
    expect(screen.getByLabelText('Starts (Singapore time)', { exact: false })).toHaveProperty(
      'value',
      '2026-03-02T01:30',
    );
    expect(field('Ends')).toHaveProperty('value', '2026-03-31T23:59');
    await user.clear(field('Ends'));
    await user.type(field('Ends'), '2026-04-01T08:00');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      startsAt: '2026-03-01T17:30:00.000Z',
      endsAt: '2026-04-01T00:00:00.000Z',
    });
  });

  it('holds each rule on its field before anything is sent', async () => {
    const { onSave, user } = renderForm();
    await user.type(field('Code'), 'x');
    await user.type(field('Percent off'), '120');
    await user.type(field('Minimum spend'), 'lots');
    await user.type(field('Uses in all'), '0');
    await user.type(field('Starts'), '2026-12-31T10:00');
    await user.type(field('Ends'), '2026-12-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Create voucher' }));

    expect(onSave).not.toHaveBeenCalled();
    for (const [label, message] of [
      ['Code', /letters, digits, hyphens or underscores/],
      ['Percent off', /from 1 to 100/],
      ['Minimum spend', /zero or more, in Singapore dollars/],
      ['Uses in all', /whole numbers from 1 to 1,000,000/],
    ] as const) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      const described = input.getAttribute('aria-describedby') ?? '';
      expect(
        described
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
        label,
      ).toMatch(message);
    }
    expect(screen.getAllByText('The voucher must start before it ends').length).toBeGreaterThan(0);
  });

  it('asks for the amount of a fixed voucher, and shows no percentage or cap for it', async () => {
    const { onSave, user } = renderForm();
    await user.type(field('Code'), 'FIVE');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Discount/ }), 'fixed');
    expect(screen.queryByLabelText('Percent off', { exact: false })).toBeNull();
    expect(screen.queryByLabelText('Maximum discount', { exact: false })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create voucher' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(field('Amount off').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('Amount off'), '5');
    await user.click(screen.getByRole('button', { name: 'Create voucher' }));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      kind: 'fixed',
      percentOff: null,
      amountOff: { amountMinor: 500, currency: 'SGD' },
      maxDiscount: null,
    });
  });

  it("shows the server's refusal on the field it concerns: a taken code, a limit below what is used", async () => {
    const onSave = vi
      .fn<(draft: VoucherDraft) => Promise<StoreVoucher>>()
      .mockRejectedValueOnce(new ApiError({ status: 409, code: 'voucher/code_taken', params: ['WINTER15'] }))
      .mockRejectedValueOnce(
        new ApiError({ status: 400, code: 'voucher/limit_below_used', params: ['3', '1'] }),
      );
    render(<VoucherForm voucher={stored} onSave={onSave} />);
    const user = userEvent.setup();
    expect((field('Maximum discount') as HTMLInputElement).value).toBe('20.00');
    expect((field('Regions') as HTMLInputElement).value).toBe('MY, SG');
    expect(screen.getByText('3 used so far; empty for no limit.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save voucher' }));
    expect(
      await screen.findByText('Another voucher already has the code WINTER15; please choose another code'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(field('Code'));

    await user.click(screen.getByRole('button', { name: 'Save voucher' }));
    expect(
      await screen.findByText(
        'This voucher has already been used 3 times (1 by one shopper); a limit cannot be set below what is used',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(field('Uses in all'));
  });
});
