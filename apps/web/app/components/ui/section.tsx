import type { ReactNode } from 'react';

const TITLE_SIZES = { lg: 'text-lg', xl: 'text-xl' };

type SectionProps = {
  headingId: string;
  title: ReactNode;
  /** `xl` for the parts of a settings page, `lg` for the parts of a smaller one. */
  titleSize?: keyof typeof TITLE_SIZES;
  /**
   * What the last change did, in a polite live region after everything else. The region is there
   * (empty) before the first change, so the first message is read out too.
   */
  status?: string;
  children: ReactNode;
};

/** One part of a back-office page, named by its second-level heading, with no card around it. */
export function Section({ headingId, title, titleSize = 'xl', status, children }: SectionProps) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className={`${TITLE_SIZES[titleSize]} font-semibold`}>
        {title}
      </h2>
      {children}
      {status === undefined ? null : (
        <p role="status" className="text-sm">
          {status}
        </p>
      )}
    </section>
  );
}
