/**
 * Why one of the product page's buttons (add to cart, buy now, save to the wishlist) could not do what was
 * asked: announced at once, and drawn under the buttons across both columns of their grid. Nothing while
 * there is no refusal.
 */
export function ProductActionRefusal({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="text-sm text-danger-700 sm:col-span-2">
      {message}
    </p>
  ) : null;
}
