import type { ReactNode } from 'react';

type TitledPageProps = {
  headingId: string;
  title: ReactNode;
  /** How wide the page's column may grow: wide for tables, narrow for reading and forms. */
  width: 'max-w-2xl' | 'max-w-3xl' | 'max-w-4xl' | 'max-w-5xl' | 'max-w-6xl';
  /** What the page offers beside its heading, such as adding a record; it wraps below on a phone. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A page of one column under its heading, which names the page's landmark. */
export function TitledPage({ headingId, title, width, actions, children }: TitledPageProps) {
  const heading = (
    <h1 id={headingId} className="text-3xl font-bold tracking-tight">
      {title}
    </h1>
  );
  return (
    <section className={`mx-auto flex w-full ${width} flex-col gap-6 px-4 py-10`} aria-labelledby={headingId}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
