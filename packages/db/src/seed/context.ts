import { orderNumber } from '@marketplace/domain/orders/order-number';
import type { Executor } from '../client.ts';
import type { MediaWriter } from './media.ts';
import type { Random } from './random.ts';

export type SeedContext = {
  db: Executor;
  rng: Random;
  media: MediaWriter;
  /** The seed's "today": dates of reviews, orders and deals are placed relative to it. */
  now: Date;
  progress: (message: string) => void;
  /** Above this many products, product images come from a shared pool instead of one set per product. */
  scale: { products: number; heavy: boolean };
};

export const DAY_MS = 86_400_000;

export function daysAgo(now: Date, days: number, hour = 11): Date {
  const d = new Date(now.getTime() - days * DAY_MS);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Inserts rows in batches that stay under PostgreSQL's 65,535 bind-parameter limit. */
export async function insertInBatches<T>(
  rows: readonly T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A price that looks like a shop price: ₹7,999 rather than ₹8,013. */
export function shopPriceRupees(rupees: number): number {
  if (rupees >= 1000) return Math.max(99, Math.round(rupees / 100) * 100 - 1);
  if (rupees >= 100) return Math.max(49, Math.round(rupees / 10) * 10 - 1);
  return Math.max(9, Math.round(rupees));
}

/** An order number in the format new orders get: OD, the day in India (yyyymmdd), then ten digits. */
export function seededOrderNo(placedAt: Date, tenDigits: number): string {
  return orderNumber(placedAt, tenDigits);
}
