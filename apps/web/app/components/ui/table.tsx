import type { ReactNode } from 'react';

/**
 * A data table for the consoles (Seller Central's offers, orders, returns): a caption for screen
 * readers, a scroll box that a keyboard can reach when the table is wider than a phone, and head
 * cells that stay in view. Rows are the page's own `<tr>`s.
 *
 * `stacked`: on a phone each row becomes a card of its cells, two to a line, so nothing hides off
 * the screen's edge. A cell names itself there with `data-label` (its column's heading); a cell
 * with `className="ui-cell-wide"` takes the card's whole width. The desktop keeps the table.
 */
export function Table({
  label,
  head,
  children,
  className,
  stacked = false,
}: {
  label: string;
  head: ReactNode;
  children: ReactNode;
  className?: string;
  stacked?: boolean;
}) {
  return (
    // a focusable, labelled region so a keyboard can scroll a table wider than the screen
    <div
      className={stacked ? 'ui-table-wrap ui-table-stacked' : 'ui-table-wrap'}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={className ? `ui-table ${className}` : 'ui-table'}>
        <caption className="sr-only">{label}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short status word in a coloured pill (Pending, Approved, Late, Low stock). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`ui-badge ui-badge-${tone}`}>{children}</span>;
}
