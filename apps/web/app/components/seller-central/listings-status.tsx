import type { ListingStatus } from '@marketplace/domain/sellers/listing-api';
import { Badge, type BadgeTone } from '../ui/table.tsx';

const LOOK: Record<ListingStatus, { label: string; tone: BadgeTone }> = {
  // the word Inventory uses too: one word for an offer on sale (requirements#seller-listings)
  live: { label: 'Active', tone: 'success' },
  paused: { label: 'Paused', tone: 'neutral' },
  pending: { label: 'Pending moderation', tone: 'warning' },
  rejected: { label: 'Rejected', tone: 'danger' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/** A listing's state as a coloured word. */
export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  const look = LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
