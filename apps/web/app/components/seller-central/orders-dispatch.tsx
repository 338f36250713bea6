import { Badge } from '../ui/table.tsx';
import { formatMoment } from '../orders/order-dates.ts';

/** requirements#seller-orders: an item's dispatch deadline, with a Late badge once it has passed. */
export function DispatchBy({
  dispatchBy,
  isLate,
  status,
}: {
  dispatchBy: string;
  isLate: boolean;
  status: string;
}) {
  const waiting = status === 'pending';
  return (
    <span className="sc-ord-dispatch">
      <time dateTime={dispatchBy}>{formatMoment(dispatchBy)}</time>
      {isLate && <Badge tone="danger">{waiting ? 'Late' : 'Shipped late'}</Badge>}
    </span>
  );
}

/** The item statuses as a seller reads them. */
export const ITEM_STATUS_LABELS: Record<
  string,
  { label: string; tone: 'neutral' | 'info' | 'success' | 'warning' | 'danger' }
> = {
  pending: { label: 'To ship', tone: 'warning' },
  shipped: { label: 'Shipped', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  undelivered: { label: 'Not delivered', tone: 'danger' },
};

export function ItemStatus({ status }: { status: string }) {
  const known = ITEM_STATUS_LABELS[status] ?? { label: status, tone: 'neutral' as const };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
