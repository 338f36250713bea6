/**
 * What shows while something loads: a Spinner for a moment's wait (a login check), Skeleton lines
 * in the shape of the content that is coming so the page does not jump when it arrives.
 */
export function Spinner({ label }: { label: string }) {
  return <div className="ui-spinner" role="status" aria-label={label} />;
}

export function Skeleton({
  label,
  lines = 3,
  height,
}: {
  /** what is loading, for screen readers */
  label: string;
  lines?: number;
  /** the space the content will take, in pixels, so nothing below moves when it comes */
  height?: number;
}) {
  return (
    <div
      className="ui-skeleton"
      role="status"
      aria-label={label}
      style={height ? { minHeight: height } : undefined}
    >
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="ui-skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}
