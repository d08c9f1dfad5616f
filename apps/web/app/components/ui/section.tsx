import type { ReactNode } from 'react';

const TITLE_SIZES = { lg: 'text-lg', xl: 'text-xl' };
const GAPS = { 3: 'gap-3', 5: 'gap-5' };

type SectionProps = {
  headingId: string;
  title: ReactNode;
  /** `xl` for the parts of a settings page, `lg` for the parts of a smaller one. */
  titleSize?: keyof typeof TITLE_SIZES;
  /** 5 where each part holds a whole form, as on the shopper's account pages. */
  gap?: keyof typeof GAPS;
  /**
   * What the last change did, in a polite live region after everything else. The region is there
   * (empty) before the first change, so the first message is read out too.
   */
  status?: string;
  children: ReactNode;
};

/** One part of a page, named by its second-level heading, with no card around it. */
export function Section({ headingId, title, titleSize = 'xl', gap = 3, status, children }: SectionProps) {
  return (
    <section aria-labelledby={headingId} className={`flex flex-col ${GAPS[gap]}`}>
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
