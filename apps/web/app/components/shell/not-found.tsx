import { formatErrorMessage } from '@crossbuy/core/errors';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-muted">{formatErrorMessage('general/not_found')}.</p>
      <Link to="/" className={buttonClasses('primary')}>
        Go to the home page
      </Link>
    </section>
  );
}
