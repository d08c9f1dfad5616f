import { describe, expect, it } from 'vitest';
import {
  bannerDraftSchema,
  contentStatus,
  HOME_GROUP_PRODUCTS_MAX,
  homeGroupDraftSchema,
  imagePageDraftSchema,
  isSafeContentLink,
  newImagePageSchema,
  popupDraftSchema,
  voucherDraftSchema,
  voucherStatus,
} from './index.js';

const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' });
const percent = { code: ' welcome10 ', kind: 'percent', percentOff: 10 };

/** The catalogue code of each issue, by the field it concerns. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

describe('the rules a voucher is written with', () => {
  it('reads a percentage voucher, its code upper-cased, its lists tidied and its open fields defaulted', () => {
    expect(
      voucherDraftSchema.parse({
        ...percent,
        regions: ['my', 'SG', 'MY'],
        paymentMethods: ['paynow', 'card'],
      }),
    ).toEqual({
      code: 'WELCOME10',
      description: '',
      kind: 'percent',
      percentOff: 10,
      amountOff: null,
      maxDiscount: null,
      minSpend: sgd(0),
      regions: ['MY', 'SG'],
      paymentMethods: ['card', 'paynow'],
      startsAt: null,
      endsAt: null,
      totalLimit: null,
      perUserLimit: null,
      listed: true,
    });
  });

  it('takes a percentage from 1 to 100, whole, and only on a percentage voucher', () => {
    for (const percentOff of [0, 101, 12.5, -5, '10', null]) {
      expect(issuesOf(voucherDraftSchema.safeParse({ ...percent, percentOff })), String(percentOff)).toEqual({
        percentOff: 'voucher/invalid_percent',
      });
    }
    expect(voucherDraftSchema.safeParse({ ...percent, percentOff: 100 }).success).toBe(true);
    expect(
      issuesOf(
        voucherDraftSchema.safeParse({ code: 'FIVE', kind: 'fixed', amountOff: sgd(500), percentOff: 5 }),
      ),
    ).toEqual({ percentOff: 'voucher/invalid_percent' });
  });

  it('takes a fixed amount above zero in the base currency, without a cap of its own', () => {
    const fixed = { code: 'FIVE', kind: 'fixed' };
    expect(voucherDraftSchema.parse({ ...fixed, amountOff: sgd(500) }).amountOff).toEqual(sgd(500));
    for (const amountOff of [
      sgd(0),
      { amountMinor: 500, currency: 'MYR' },
      { amountMinor: 5.5, currency: 'SGD' },
      null,
    ]) {
      expect(
        issuesOf(voucherDraftSchema.safeParse({ ...fixed, amountOff })),
        JSON.stringify(amountOff),
      ).toEqual({
        amountOff: 'voucher/invalid_amount',
      });
    }
    expect(
      issuesOf(voucherDraftSchema.safeParse({ ...fixed, amountOff: sgd(500), maxDiscount: sgd(100) })),
    ).toEqual({ maxDiscount: 'voucher/invalid_max_discount' });
    expect(issuesOf(voucherDraftSchema.safeParse({ ...percent, amountOff: sgd(100) }))).toEqual({
      amountOff: 'voucher/invalid_amount',
    });
  });

  it('refuses a minimum spend below zero, a cap of nothing, unknown regions and payment methods', () => {
    expect(
      issuesOf(
        voucherDraftSchema.safeParse({
          ...percent,
          minSpend: sgd(-1),
          maxDiscount: sgd(0),
          regions: ['Singapore'],
          paymentMethods: ['cash'],
        }),
      ),
    ).toEqual({
      minSpend: 'voucher/invalid_min_spend',
      maxDiscount: 'voucher/invalid_max_discount',
      regions: 'voucher/invalid_regions',
      paymentMethods: 'voucher/invalid_payment_methods',
    });
  });

  it('needs the window to start before it ends, and limits of at least one', () => {
    const window = { startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' };
    expect(issuesOf(voucherDraftSchema.safeParse({ ...percent, ...window }))).toEqual({
      endsAt: 'voucher/invalid_window',
    });
    expect(
      voucherDraftSchema.safeParse({
        ...percent,
        startsAt: '2026-12-01T00:00:00Z',
        endsAt: '2026-12-31T00:00:00+08:00',
      }).success,
    ).toBe(true);
    expect(issuesOf(voucherDraftSchema.safeParse({ ...percent, startsAt: 'tomorrow' }))).toEqual({
      startsAt: 'voucher/invalid_window',
    });
    expect(issuesOf(voucherDraftSchema.safeParse({ ...percent, totalLimit: 0, perUserLimit: 1.5 }))).toEqual({
      totalLimit: 'voucher/invalid_limit',
      perUserLimit: 'voucher/invalid_limit',
    });
  });

  it('refuses codes shoppers could not type back', () => {
    for (const code of ['A', 'two words', '-LEADING', 'X'.repeat(41), 'ÉTÉ', '']) {
      expect(issuesOf(voucherDraftSchema.safeParse({ ...percent, code })), code).toEqual({
        code: 'voucher/invalid_code',
      });
    }
  });

  it('refuses a body that is not an object without running the rules that read several fields', () => {
    for (const body of [null, [], 'WELCOME', 42]) {
      expect(voucherDraftSchema.safeParse(body).success).toBe(false);
    }
  });

  it('says where a voucher stands: disabled first, then its window, then its total limit', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const live = { active: true, startsAt: null, endsAt: null, totalLimit: 5, redeemedCount: 4 };
    expect(voucherStatus(live, now)).toBe('active');
    expect(voucherStatus({ ...live, redeemedCount: 5 }, now)).toBe('exhausted');
    expect(voucherStatus({ ...live, startsAt: new Date('2026-11-24T00:00:00Z') }, now)).toBe('scheduled');
    expect(voucherStatus({ ...live, endsAt: now, redeemedCount: 5 }, now)).toBe('expired');
    expect(voucherStatus({ ...live, active: false, endsAt: now }, now)).toBe('disabled');
  });
});

describe('content', () => {
  it('links only to paths on this site or to https addresses', () => {
    for (const link of ['/search?q=tea', '/image_page/japan-week', 'https://example.com/a?b=c']) {
      expect(isSafeContentLink(link), link).toBe(true);
    }
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>',
      'http://example.com',
      '//evil.example',
      '/\\evil.example',
      'https://user:pass@example.com',
      'search',
      '/a b',
      `/${'a'.repeat(500)}`,
    ]) {
      expect(isSafeContentLink(link), link).toBe(false);
    }
  });

  it('reads a banner, an empty link as none, and refuses what the home page could not show', () => {
    expect(
      bannerDraftSchema.parse({ title: ' Japan week ', image: 'banners/japan-week.svg', link: ' ' }),
    ).toEqual({
      title: 'Japan week',
      subtitle: '',
      image: 'banners/japan-week.svg',
      link: null,
      position: 0,
      active: true,
      startsAt: null,
      endsAt: null,
    });
    expect(
      issuesOf(
        bannerDraftSchema.safeParse({
          title: '',
          subtitle: 'x'.repeat(301),
          image: '../secret.svg',
          link: 'javascript:alert(1)',
          position: -1,
          startsAt: '2026-12-02T00:00:00Z',
          endsAt: '2026-12-01T00:00:00Z',
        }),
      ),
    ).toEqual({
      title: 'content/invalid_title',
      subtitle: 'content/invalid_text',
      image: 'content/invalid_image',
      link: 'content/invalid_link',
      position: 'content/invalid_position',
      endsAt: 'content/invalid_window',
    });
    expect(
      issuesOf(
        bannerDraftSchema.safeParse({
          title: 'Sale',
          image: 'banners/sale.png',
          startsAt: '2026-12-02T00:00:00Z',
          endsAt: '2026-12-01T00:00:00Z',
        }),
      ),
    ).toEqual({ endsAt: 'content/invalid_window' });
  });

  it('reads a popup whose picture is optional, with the same link and schedule rules', () => {
    expect(popupDraftSchema.parse({ title: 'Japan week', body: 'From Monday', image: '' })).toEqual({
      title: 'Japan week',
      body: 'From Monday',
      image: null,
      link: null,
      active: true,
      startsAt: null,
      endsAt: null,
    });
    expect(
      issuesOf(
        popupDraftSchema.safeParse({
          title: 'Sale',
          image: 'popups/../x.svg',
          link: 'data:text/html,hi',
          startsAt: '2026-12-02T00:00:00Z',
          endsAt: '2026-12-02T00:00:00Z',
        }),
      ),
    ).toEqual({
      image: 'content/invalid_image',
      link: 'content/invalid_link',
      endsAt: 'content/invalid_window',
    });
  });

  it('says whether content is live, scheduled, ended or switched off', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(contentStatus({ active: true, startsAt: null, endsAt: null }, now)).toBe('live');
    expect(
      contentStatus({ active: true, startsAt: new Date('2026-11-24T00:00:00Z'), endsAt: null }, now),
    ).toBe('scheduled');
    expect(contentStatus({ active: true, startsAt: null, endsAt: now }, now)).toBe('ended');
    expect(contentStatus({ active: false, startsAt: null, endsAt: null }, now)).toBe('disabled');
  });

  it('reads a home group: an empty category is none, products keep their order, repeats and unknown shapes are refused', () => {
    const tea = '0b7c7f0e-6f0a-4d1e-9d6b-4c1b1d7c2a10';
    const cup = '5a1e2f3b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
    expect(
      homeGroupDraftSchema.parse({ title: ' Tea time ', categoryId: ' ', productIds: [cup, tea] }),
    ).toEqual({
      title: 'Tea time',
      categoryId: null,
      productIds: [cup, tea],
      position: 0,
      active: true,
      startsAt: null,
      endsAt: null,
    });
    expect(homeGroupDraftSchema.parse({ title: 'Tea', categoryId: 'green-tea' }).categoryId).toBe(
      'green-tea',
    );
    expect(
      issuesOf(
        homeGroupDraftSchema.safeParse({
          title: '',
          categoryId: 'Green Tea',
          productIds: [tea, tea.toUpperCase()],
          position: 1.5,
        }),
      ),
    ).toEqual({
      title: 'content/invalid_title',
      categoryId: 'content/invalid_category',
      productIds: 'content/invalid_products',
      position: 'content/invalid_position',
    });
    for (const productIds of [
      'not-a-list',
      [null],
      ['nope'],
      Array.from(
        { length: HOME_GROUP_PRODUCTS_MAX + 1 },
        (_, index) => `${tea.slice(0, -2)}${String(index).padStart(2, '0')}`,
      ),
    ]) {
      expect(issuesOf(homeGroupDraftSchema.safeParse({ title: 'Tea', productIds }))).toEqual({
        productIds: 'content/invalid_products',
      });
    }
  });

  it('reads an image page: a lasting address, 1 to 20 pictures from the store, each with a safe link or none', () => {
    const picture = { image: 'pages/tea.svg', link: ' ', alt: ' Tea fields ' };
    expect(newImagePageSchema.parse({ id: 'tea-week', title: 'Tea week', pictures: [picture] })).toEqual({
      id: 'tea-week',
      title: 'Tea week',
      pictures: [{ image: 'pages/tea.svg', link: null, alt: 'Tea fields' }],
      active: true,
    });
    expect(
      imagePageDraftSchema.parse({ title: 'Tea', pictures: [{ image: 'pages/tea.svg' }] }).pictures,
    ).toEqual([{ image: 'pages/tea.svg', link: null, alt: '' }]);
    for (const id of ['Tea-Week', 'tea--week', 'tea_week', '', 'a'.repeat(65)]) {
      expect(issuesOf(newImagePageSchema.safeParse({ id, title: 'Tea', pictures: [picture] }))).toEqual({
        id: 'content/invalid_page_id',
      });
    }
    for (const pictures of [[], Array.from({ length: 21 }, () => picture), 'pages/tea.svg', [null]]) {
      expect(issuesOf(imagePageDraftSchema.safeParse({ title: 'Tea', pictures }))).toEqual({
        pictures: 'content/invalid_pictures',
      });
    }
    const refused = imagePageDraftSchema.safeParse({
      title: 'Tea',
      pictures: [{ image: 'pages/../tea.svg', link: 'javascript:alert(1)' }],
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['pictures.0.image', 'content/invalid_image'],
      ['pictures.0.link', 'content/invalid_link'],
    ]);
  });
});
