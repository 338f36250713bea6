import type { OfferImport } from '@marketplace/domain/sellers/inventory-api';
import { Badge } from '../ui/table.tsx';

/** An upload's state as a badge: running, done, or stopped. */
export function ImportStatusBadge({ status }: { status: OfferImport['status'] }) {
  if (status === 'running') return <Badge tone="info">Running</Badge>;
  if (status === 'done') return <Badge tone="success">Done</Badge>;
  return <Badge tone="danger">Stopped</Badge>;
}
