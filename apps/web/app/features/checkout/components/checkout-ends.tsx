import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';

export function CheckoutLoading() {
  return (
    <div className="mt-8">
      <Loading>Loading your checkout…</Loading>
    </div>
  );
}

/** A checkout that cannot go on: it names nothing, or the store no longer knows it. */
export function BackToCart({ title, text }: { title: string; text: string }) {
  return (
    <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-muted">{text}</p>
      <Link to="/cart" className={buttonClasses('primary')}>
        Back to your cart
      </Link>
    </div>
  );
}

/** A checkout that has placed its order; Back from the order lands here, so it does not send the shopper on. */
export function AlreadyPlaced({ orderId }: { orderId: string }) {
  return (
    <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
      <p className="text-lg font-semibold">This checkout has placed your order</p>
      <div className="flex flex-wrap gap-3">
        <Link to={`/orders/${encodeURIComponent(orderId)}`} className={buttonClasses('primary')}>
          See your order
        </Link>
        <Link to="/cart" className={buttonClasses('secondary')}>
          Back to your cart
        </Link>
      </div>
    </div>
  );
}
