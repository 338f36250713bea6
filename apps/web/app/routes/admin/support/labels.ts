// requirements#operator-support: statuses as support staff read them, and the badge tone of each.
import type { BadgeTone } from '../../../components/ui/table.tsx';

/** a status name from the database ('lost_in_transit', 'refund-with-reverse') in words */
export const statusWords = (status: string) => {
  const words = status.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  initiated: 'warning',
  awaiting_payment: 'warning',
  shipped: 'info',
  processed: 'info',
  in_transit: 'info',
  delivered: 'success',
  completed: 'success',
  paid: 'success',
  sent: 'success',
  cancelled: 'neutral',
  refunded: 'neutral',
  partially_refunded: 'neutral',
  undelivered: 'danger',
  failed: 'danger',
  lost_in_transit: 'danger',
  return_to_origin: 'danger',
  delivery_failed: 'danger',
  payment_failed: 'danger',
};
export const statusTone = (status: string): BadgeTone => TONES[status] ?? 'neutral';

export const PAYMENT_MODE_WORDS: Record<string, string> = { cod: 'Cash on Delivery', prepaid: 'Prepaid' };
export const paymentModeWords = (mode: string) => PAYMENT_MODE_WORDS[mode] ?? mode;
