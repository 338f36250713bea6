import { needsPickup } from '@marketplace/domain/orders/pickup';
import { Badge } from '../ui/table.tsx';

const DECIDED: Record<string, string> = {
  completed: 'Cancelled',
  rejected: 'Rejected',
  'refund-with-reverse': 'Accepted, refund at pickup',
  'refund-without-reverse': 'Refunded, no pickup',
  'initiate-replacement': 'Replacement',
  'reject-with-return': 'Refused, refund at pickup',
  'reject-without-return': 'Refused',
};

/** A request's state as the seller reads it: waiting for its decision, for its pickup, or done. */
export function RequestStatus({
  status,
  pickedUp,
  kind,
}: {
  status: string;
  pickedUp: boolean;
  kind: string;
}) {
  if (status === 'pending') return <Badge tone="warning">To decide</Badge>;
  const label = DECIDED[status] ?? status;
  if (kind !== 'cancel' && needsPickup(status) && !pickedUp)
    return (
      <>
        <Badge tone="info">{label}</Badge> <Badge tone="warning">Awaiting pickup</Badge>
      </>
    );
  return <Badge tone={status.startsWith('reject') ? 'neutral' : 'success'}>{label}</Badge>;
}
