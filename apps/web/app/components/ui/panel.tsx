import type { ReactNode, Ref } from 'react';

const TITLE_SIZES = { lg: 'text-lg', xl: 'text-xl' };
const GAPS = { 3: 'gap-3', 4: 'gap-4' };
const BORDERS = { plain: 'border-line', danger: 'border-danger-700/30' };

type PanelProps = {
  headingId: string;
  title: ReactNode;
  /** `xl` where the panels are the parts of a page (a product's), `lg` where they are tools beside a record. */
  titleSize?: keyof typeof TITLE_SIZES;
  gap?: keyof typeof GAPS;
  /** `danger` for what has gone wrong and waits on the staff, such as a shopper's dispute. */
  tone?: keyof typeof BORDERS;
  /** For moving the focus to the heading once what the panel did is done; the heading then takes focus. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
};

/** A white card of the back office named by its heading: one tool or one part of a record. */
export function Panel({
  headingId,
  title,
  titleSize = 'lg',
  gap = 3,
  tone = 'plain',
  headingRef,
  children,
}: PanelProps) {
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col ${GAPS[gap]} rounded-2xl border ${BORDERS[tone]} bg-white p-4`}
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={`${TITLE_SIZES[titleSize]} font-semibold`}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
