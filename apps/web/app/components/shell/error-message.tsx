import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';

export function ErrorMessage({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted">{message}</p>
      <Link to="/" className={buttonClasses('primary')} reloadDocument>
        Go to the home page
      </Link>
    </section>
  );
}
