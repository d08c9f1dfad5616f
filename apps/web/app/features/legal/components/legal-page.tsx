import { type ReactNode, useId } from 'react';
import { textLinkClasses } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';

/** A list in running legal text. */
export const LEGAL_LIST_CLASSES = 'list-disc pl-5 flex flex-col gap-1';

type LegalSection = { id: string; title: string; body: ReactNode };

type LegalPageProps = {
  title: string;
  /** When the text last changed, as shown to the shopper. */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
};

/** A long read: its sections listed first so a shopper can jump to the one they came for. */
export function LegalPage({ title, updated, intro, sections }: LegalPageProps) {
  const headingId = useId();
  const contentsId = useId();
  return (
    <article aria-labelledby={headingId} className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 id={headingId} className="text-3xl font-bold tracking-tight">
          {title}
        </h1>
        <p className="text-sm text-muted">Last updated {updated}</p>
      </header>
      <div className="flex flex-col gap-3 leading-relaxed">{intro}</div>
      <nav aria-labelledby={contentsId} className="rounded-2xl border border-line bg-white p-5">
        <h2 id={contentsId} className="text-base font-semibold">
          Contents
        </h2>
        <ol className="mt-2 list-decimal pl-5 text-sm leading-7">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={textLinkClasses}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          aria-labelledby={section.id}
          className="flex flex-col gap-3 leading-relaxed"
        >
          <h2 id={section.id} className="scroll-mt-24 text-xl font-semibold">
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}

/** The store's support address from its settings, as a mail link. */
export function SupportEmail() {
  const email = useAppConfig().support_email;
  if (!email) return <>our support address</>;
  return (
    <a href={`mailto:${email}`} className={`${textLinkClasses} break-all`}>
      {email}
    </a>
  );
}
