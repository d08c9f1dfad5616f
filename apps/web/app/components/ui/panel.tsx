import type { FormEventHandler, ReactNode, Ref } from 'react';

const TITLE_SIZES = { lg: 'text-lg', xl: 'text-xl' };
const GAPS = { 3: 'gap-3', 4: 'gap-4' };
const TONES = {
  plain: 'border-line bg-white',
  danger: 'border-danger-700/30 bg-white',
  brand: 'border-brand-200 bg-brand-50',
};

type PanelProps = {
  headingId: string;
  title: ReactNode;
  /** `xl` where the panels are the parts of a page (a product's), `lg` where they are tools beside a record. */
  titleSize?: keyof typeof TITLE_SIZES;
  gap?: keyof typeof GAPS;
  /**
   * `danger` for what has gone wrong and waits on the staff, such as a shopper's dispute; `brand` for a
   * tool that acts on what is chosen elsewhere on the page, such as the orders chosen on the desk.
   */
  tone?: keyof typeof TONES;
  /** For moving the focus to the heading once what the panel did is done; the heading then takes focus. */
  headingRef?: Ref<HTMLHeadingElement>;
  /**
   * Buttons that act on the whole panel (open, close, print), beside the heading on a wide screen and
   * under it on a narrow one. Null keeps the row while there are none, so the heading stays put when
   * they come.
   */
  actions?: ReactNode;
  children: ReactNode;
};

/** The heading of a panel, with the buttons that act on the whole panel beside it, then what it holds. */
function PanelContents({
  headingId,
  title,
  titleSize = 'lg',
  headingRef,
  actions,
  children,
}: Omit<PanelProps, 'gap' | 'tone'>) {
  const heading = (
    <h2
      id={headingId}
      ref={headingRef}
      tabIndex={headingRef ? -1 : undefined}
      className={`${TITLE_SIZES[titleSize]} font-semibold`}
    >
      {title}
    </h2>
  );
  return (
    <>
      {actions === undefined ? (
        heading
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      )}
      {children}
    </>
  );
}

const panelClasses = ({ gap = 3, tone = 'plain' }: Pick<PanelProps, 'gap' | 'tone'>) =>
  `flex flex-col ${GAPS[gap]} rounded-2xl border ${TONES[tone]} p-4`;

/** A card of the back office named by its heading: one tool or one part of a record. */
export function Panel({ gap, tone, ...contents }: PanelProps) {
  return (
    <section aria-labelledby={contents.headingId} className={panelClasses({ gap, tone })}>
      <PanelContents {...contents} />
    </section>
  );
}

/**
 * A panel that is a form: a tool of the back office that sends what is typed into it (a product's stock,
 * a new category, an invitation), named by its heading as a panel is.
 */
export function FormPanel({
  onSubmit,
  noValidate,
  gap,
  tone,
  ...contents
}: PanelProps & {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form checks its fields itself and says what is wrong beside each, instead of the browser. */
  noValidate?: boolean;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate={noValidate}
      aria-labelledby={contents.headingId}
      className={panelClasses({ gap, tone })}
    >
      <PanelContents {...contents} />
    </form>
  );
}
