import { type ReactNode, useId } from 'react';

type NarrowPageProps = { title: string; intro?: ReactNode; children: ReactNode };

/** A one-column page for a single form or message: sign-in, registration, codes and links from mail. */
export function NarrowPage({ title, intro, children }: NarrowPageProps) {
  const headingId = useId();
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16" aria-labelledby={headingId}>
      <h1 id={headingId} className="text-3xl font-bold tracking-tight">
        {title}
      </h1>
      {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}
