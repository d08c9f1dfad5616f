/**
 * How an order list names an order's contents: its first item, and how many units it holds in all when
 * more than one. The count is of units (two of one lip balm are two items), so it says "in all" rather
 * than "and 1 more", which would speak of another item that may not exist.
 */
export function orderItemsSummary(firstItemName: string | null | undefined, itemCount: number): string {
  const name = firstItemName ?? 'No items';
  return itemCount > 1 ? `${name}, ${itemCount} items in all` : name;
}
