import { formatInr } from '@marketplace/domain/money/money';
import { LOW_STOCK_AT_MOST, SellerDashboard } from '@marketplace/domain/sellers/dashboard-api';
import type { ReactNode } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import { DashboardSalesChart, shortDay } from '../../components/seller-central/dashboard-sales-chart.tsx';
import { Card } from '../../components/ui/card.tsx';
import { RatingStars } from '../../components/ui/rating-stars.tsx';
import { Badge } from '../../components/ui/table.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/engagement.css';
import { formatIndianDate } from '@marketplace/domain/text/dates';

export async function loader({ request, context }: LoaderArgs) {
  const dashboard = await loadFromApi(context, request, '/api/seller/dashboard', SellerDashboard);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!dashboard) throw data('The dashboard could not be loaded. Please try again.', { status: 503 });
  return { dashboard };
}

export function meta() {
  return [{ title: 'Dashboard · Seller Central' }];
}

/** "1 return", "2 returns". */
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Figure({
  label,
  value,
  to,
  note,
  tone,
}: {
  label: string;
  value: ReactNode;
  to: string;
  note?: ReactNode;
  tone?: 'alert';
}) {
  return (
    <li className={tone === 'alert' ? 'sc-dash-figure sc-dash-figure-alert' : 'sc-dash-figure'}>
      <Link to={to} className="sc-dash-figure-link">
        <span className="sc-dash-figure-label">{label}</span>
        <span className="sc-dash-figure-value">{value}</span>
        {note && <span className="sc-dash-figure-note">{note}</span>}
      </Link>
    </li>
  );
}

/** requirements#seller-dashboard: the seller's day at a glance; each figure leads to where it is worked on. */
export default function SellerDashboardPage() {
  const { dashboard: d } = useLoaderData<typeof loader>();
  const requests = d.openRequests.cancel + d.openRequests.return + d.openRequests.replace;
  return (
    <div className="sc-dash">
      <div className="sc-eng-head">
        <h1>Dashboard</h1>
        <p className="sc-eng-sub">Today, {shortDay(d.today.date)} (Indian time)</p>
      </div>
      <ul className="sc-dash-figures" aria-label="Today">
        <Figure
          label="Today’s orders"
          value={d.today.orders}
          note={formatInr(d.today.salesPaise)}
          to="/sellercentral/orders"
        />
        <Figure label="Waiting to ship" value={d.toShip} to="/sellercentral/orders" />
        <Figure
          label="Late to dispatch"
          value={d.lateToShip}
          note={d.lateToShip > 0 ? 'Past their dispatch deadline' : 'None late'}
          to="/sellercentral/orders"
          tone={d.lateToShip > 0 ? 'alert' : undefined}
        />
        <Figure
          label="Open requests"
          value={requests}
          note={[
            counted(d.openRequests.return, 'return', 'returns'),
            counted(d.openRequests.replace, 'replacement', 'replacements'),
            counted(d.openRequests.cancel, 'cancellation', 'cancellations'),
          ].join(' · ')}
          to="/sellercentral/returns"
          tone={requests > 0 ? 'alert' : undefined}
        />
        <Figure
          label="Low stock"
          value={d.lowStock.count}
          note={`Offers with ${LOW_STOCK_AT_MOST} or fewer units`}
          to="/sellercentral/inventory"
          tone={d.lowStock.count > 0 ? 'alert' : undefined}
        />
      </ul>

      <Card title="Sales, last 30 days" actions={<Link to="/sellercentral/orders">View orders</Link>}>
        <DashboardSalesChart days={d.salesByDay} />
      </Card>

      <div className="sc-dash-columns">
        <Card title="Ratings and reviews">
          <p className="sc-dash-rating">
            {d.rating.average === null ? (
              'No reviews yet.'
            ) : (
              <>
                <span className="sc-dash-rating-value">{d.rating.average.toFixed(1)}</span>
                <RatingStars rating={d.rating.average} size={18} />
                <span className="sc-dash-muted">
                  {d.rating.count} {d.rating.count === 1 ? 'review' : 'reviews'}
                </span>
              </>
            )}
          </p>
          {d.recentReviews.length > 0 && (
            <ul className="sc-dash-reviews" aria-label="Recent reviews">
              {d.recentReviews.map((review) => (
                <li key={review.id}>
                  <p className="sc-dash-review-product">{review.productName}</p>
                  <p className="sc-dash-review-head">
                    <RatingStars rating={review.stars} />
                    <time dateTime={review.createdAt} className="sc-dash-muted">
                      {formatIndianDate(review.createdAt)}
                    </time>
                  </p>
                  <p className="sc-dash-review-body">{review.body}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Low on stock" actions={<Link to="/sellercentral/inventory">Inventory</Link>}>
          {d.lowStock.offers.length === 0 ? (
            <p className="sc-dash-muted">Every open offer has more than {LOW_STOCK_AT_MOST} units.</p>
          ) : (
            <ul className="sc-dash-stock" aria-label="Offers low on stock">
              {d.lowStock.offers.map((offer) => (
                <li key={offer.offerId}>
                  <span className="sc-dash-stock-name">
                    {offer.productName}
                    <span className="sc-dash-muted"> · SKU {offer.sku}</span>
                  </span>
                  <Badge tone={offer.stock === 0 ? 'danger' : 'warning'}>
                    {offer.stock === 0 ? 'Out of stock' : `${offer.stock} left`}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
