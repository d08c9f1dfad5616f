/** A wait the shopper should know about, announced politely. */
export function Loading({ children = 'Loading…' }: { children?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-muted">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
      />
      {children}
    </p>
  );
}
