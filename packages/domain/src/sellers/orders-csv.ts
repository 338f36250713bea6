// requirements#seller-orders: the orders list as CSV, as a seller opens it in a spreadsheet: the
// columns a seller works with, times in India, amounts in rupees, formula-like cells escaped.
import { csvLine, paiseToRupeesText } from './inventory-csv.ts';

export const ORDERS_CSV_COLUMNS = [
  'Order number',
  'Ordered on (IST)',
  'SKU',
  'Product',
  'Quantity',
  'Amount (INR)',
  'Buyer',
  'City',
  'Status',
  'AWB',
] as const;

/** What an item's status reads as in Seller Central (the list's badges and the CSV share it). */
export const SELLER_ITEM_STATUS_LABELS: Record<string, string> = {
  pending: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  undelivered: 'Not delivered',
};

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** A moment as a spreadsheet reads a date and time in India: "2026-11-21 01:30". */
export function indianDateTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

export type OrdersCsvRow = {
  orderNo: string;
  placedAt: Date;
  sku: string;
  productName: string;
  quantity: number;
  amountPaise: number;
  buyerName: string;
  city: string;
  status: string;
  awbNo: string | null;
};

/** One item's line of the CSV. */
export function ordersCsvLine(row: OrdersCsvRow): string {
  return csvLine([
    row.orderNo,
    indianDateTime(row.placedAt),
    row.sku,
    row.productName,
    row.quantity,
    paiseToRupeesText(row.amountPaise),
    row.buyerName,
    row.city,
    SELLER_ITEM_STATUS_LABELS[row.status] ?? row.status,
    row.awbNo ?? '',
  ]);
}
