import { SELLER_ITEM_STATUS_LABELS } from '@marketplace/domain/sellers/orders-csv';
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
const ITEM_STATUS_TONES: Record<string, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  pending: 'warning',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'neutral',
  undelivered: 'danger',
};
/** An item's status in Seller Central's words (the orders CSV writes the same ones) and its badge's tone. */
export const ITEM_STATUS_LABELS = Object.fromEntries(
  Object.entries(SELLER_ITEM_STATUS_LABELS).map(([status, label]) => [
    status,
    { label, tone: ITEM_STATUS_TONES[status] ?? ('neutral' as const) },
  ]),
);

export function ItemStatus({ status }: { status: string }) {
  const known = ITEM_STATUS_LABELS[status] ?? { label: status, tone: 'neutral' as const };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
