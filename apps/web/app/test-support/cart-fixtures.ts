import type { CartItem } from '@crossbuy/core/cart';
import type { Product } from '@crossbuy/core/catalogue';
import type { QuotationItem, QuoteTerms } from '@crossbuy/core/quotation';

const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    uuid: 'p1',
    paramName: 'rice-cooker-p1',
    name: 'Rice cooker',
    description: 'Cooks rice.',
    mainImage: null,
    gallery: [],
    price: sgd(8990),
    priceCurrency: 'SGD',
    priceRange: { min: sgd(8990), max: sgd(8990) },
    stock: 10,
    disabled: false,
    sourceMarketPlace: 'Rakuten',
    merchant: { id: 'm1', name: 'Kitchen Japan' },
    categoryId: 'kitchen',
    createdAt: '2026-01-01T00:00:00.000Z',
    variants: [],
    variantPaths: {},
    ...overrides,
  };
}

export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 'c1',
    productId: 'p1',
    variantPath: '',
    quantity: 1,
    message: '',
    variantLabel: null,
    unitPrice: sgd(8990),
    inStock: true,
    stockAvailable: 10,
    available: true,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

export function aQuotationItem(overrides: Partial<QuotationItem> = {}): QuotationItem {
  return {
    id: 'q1',
    productSource: 'e',
    status: 'p',
    statusData: {
      basePrice: null,
      quotedPrice: null,
      quotedAt: null,
      expiresAt: null,
      declineReason: null,
      quoteTerms: null,
    },
    productSourceData: null,
    productUrl: 'https://www.amazon.co.jp/dp/B0TEST',
    sourceMarketPlace: 'Amazon',
    quantity: 1,
    instructions: '',
    name: 'Kettle from Japan',
    mainImage: null,
    price: sgd(0),
    unavailableReason: 'quotation/pending',
    marketplaceLabel: 'Amazon (QUOTATION)',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A quote's terms: US$7.00 for one plus US$0.50 to the warehouse, at 0.75 US$ per S$ and a 1% fee, so
 * S$9.33 + S$0.67 + S$0.10 = S$10.10 for one in Singapore.
 */
export function aQuoteTerms(overrides: Partial<QuoteTerms> = {}): QuoteTerms {
  return {
    sellerPrice: { amountMinor: 700, currency: 'USD' },
    domesticShipping: { amountMinor: 50, currency: 'USD' },
    weightGrams: 1200,
    feePercent: '1',
    baseCurrency: 'SGD',
    ratesFromBase: { SGD: '1', USD: '0.75' },
    ...overrides,
  };
}
