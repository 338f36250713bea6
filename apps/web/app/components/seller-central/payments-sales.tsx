// Seller Central's Payments: one row per sale with what the seller gets for it; a row opens (a
// <details>, so it works before any script arrives) to show the sale, fees, GST, TCS and TDS.
import { formatInr } from '@marketplace/domain/money/money';
import type { SaleRow } from '@marketplace/domain/settlement/settlement-api';
import { Link } from 'react-router';
import { formatDay } from '../orders/order-dates.ts';
import { Pager } from '../ui/pager.tsx';

/** An amount with its sign: a deduction reads '−₹12.50' (a true minus sign) and is marked as one. */
export function Signed({ paise }: { paise: number }) {
  if (paise >= 0) return <span className="sc-pay-amount">{formatInr(paise)}</span>;
  return <span className="sc-pay-amount sc-pay-minus">−{formatInr(-paise)}</span>;
}

/** Where a sale's money is, in a few words. */
export function saleStateText(sale: SaleRow): string {
  if (sale.state === 'paid') return 'Paid out';
  if (sale.state === 'payable') return 'In the next payout';
  return sale.payableAt ? `Payable from ${formatDay(sale.payableAt)}` : 'Waiting for delivery or COD cash';
}

function Sale({ sale }: { sale: SaleRow }) {
  return (
    <li className="sc-pay-sale">
      <details>
        <summary>
          <span className="sc-pay-sale-order">{sale.orderNo}</span>
          <span className="sc-pay-sale-product">
            {sale.quantity > 1 ? `${sale.quantity} × ` : ''}
            {sale.productName}
          </span>
          <span className="sc-pay-sale-date">{formatDay(sale.soldAt)}</span>
          <span className={`sc-pay-sale-state sc-pay-sale-${sale.state}`}>{saleStateText(sale)}</span>
          <span className="sc-pay-sale-net">
            <Signed paise={sale.netPaise} />
          </span>
        </summary>
        <div className="sc-pay-sale-body">
          <dl className="sc-pay-parts">
            {sale.parts.map((part) => (
              <div key={part.kind} className="sc-pay-part">
                <dt>{part.label}</dt>
                <dd>
                  <Signed paise={part.amountPaise} />
                </dd>
              </div>
            ))}
            <div className="sc-pay-part sc-pay-part-net">
              <dt>You get</dt>
              <dd>
                <Signed paise={sale.netPaise} />
              </dd>
            </div>
          </dl>
          <p className="sc-pay-sale-links">
            <Link to={`/sellercentral/orders/${sale.orderNo}`}>
              Open order <span className="sc-pay-sale-order">{sale.orderNo}</span>
            </Link>
            {sale.documentNumber && (
              <span>
                Invoice <span className="sc-pay-mono">{sale.documentNumber}</span>
              </span>
            )}
          </p>
        </div>
      </details>
    </li>
  );
}

export const NO_SALES =
  'No sales yet. Each sale, with its fees and taxes, is written here when you create its shipment.';

/** A page of the seller's sales, newest first, with the pager under it. */
export function Sales({
  sales,
  page,
  pageCount,
  total,
}: {
  sales: SaleRow[];
  page: number;
  pageCount: number;
  total: number;
}) {
  if (total === 0) return <p className="sc-pay-empty">{NO_SALES}</p>;
  return (
    <>
      <p className="sc-pay-sales-count">
        {total.toLocaleString('en-IN')} {total === 1 ? 'sale' : 'sales'}, newest first. Open a sale to see its
        fees and taxes.
      </p>
      {sales.length === 0 ? (
        <p className="sc-pay-empty">
          There is no page {page}. <Link to="/sellercentral/payments">Back to your latest sales</Link>
        </p>
      ) : (
        <ol className="sc-pay-sales" aria-label="Sales">
          {sales.map((sale) => (
            <Sale key={sale.orderItemId} sale={sale} />
          ))}
        </ol>
      )}
      <Pager page={page} pages={pageCount} />
    </>
  );
}
