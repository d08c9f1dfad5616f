import type { OrderLineCapture } from './rules.js';

// What the packing table needs of an order (docs/features/fulfilment.md): which lines are the store's own stock and
// which were bought abroad on a quote, and the pick list of a selection of orders.

type PackedLine = {
  source: 'cart' | 'quotation_internal' | 'quotation_external';
  productId: string | null;
  variantPath: string;
  quantity: number;
  capture: Pick<OrderLineCapture, 'name' | 'variantLabel' | 'mainImage' | 'productUrl' | 'sourceMarketPlace'>;
};

/**
 * Where a line's goods come from, in the packer's words: the store's catalogue, or an item quoted to the
 * shopper (from the catalogue, or from a seller abroad, whose page `sellerUrl` is).
 */
export function lineOrigin(line: Pick<PackedLine, 'source' | 'capture'>): {
  label: string;
  sellerUrl: string | null;
} {
  if (line.source === 'cart') return { label: 'Catalogue item', sellerUrl: null };
  if (line.source === 'quotation_internal') return { label: 'Quoted catalogue item', sellerUrl: null };
  const seller = line.capture.sourceMarketPlace?.trim();
  return {
    label: seller ? `Quoted item from ${seller}` : 'Quoted item',
    sellerUrl: line.capture.productUrl,
  };
}

export type PickListEntry = {
  name: string;
  variantLabel: string | null;
  mainImage: string | null;
  origin: string;
  quantity: number;
  /** The references of the orders it goes into, each once, in the order the orders were given. */
  orderRefs: string[];
};

/**
 * The units to fetch for a selection of orders: one entry per item (a catalogue product and variant, or a
 * quoted item by its seller's page, or else its name), quantities added up, in the order first met.
 */
export function pickList(
  orders: readonly { orderRef: string; lines: readonly PackedLine[] }[],
): PickListEntry[] {
  const entries = new Map<string, PickListEntry>();
  for (const order of orders) {
    for (const line of order.lines) {
      const key = line.productId
        ? `product:${line.productId}:${line.variantPath}`
        : `item:${line.capture.productUrl ?? ''}:${line.capture.name}:${line.capture.variantLabel ?? ''}`;
      const entry = entries.get(key);
      if (entry) {
        entry.quantity += line.quantity;
        if (!entry.orderRefs.includes(order.orderRef)) entry.orderRefs.push(order.orderRef);
        continue;
      }
      entries.set(key, {
        name: line.capture.name,
        variantLabel: line.capture.variantLabel,
        mainImage: line.capture.mainImage,
        origin: lineOrigin(line).label,
        quantity: line.quantity,
        orderRefs: [order.orderRef],
      });
    }
  }
  return [...entries.values()];
}
