import { uniqueById } from '@marketplace/domain/catalog/listing';
import { useT } from '../../i18n/intl.tsx';
import { useTrackedOpen } from '../../lib/ad-clicks.ts';
import type { DealCardData } from '../../lib/search-data.ts';
import { ProductCard, productHref } from '../product/product-card.tsx';
import './deals.css';

export const DEAL_LABELS: Record<DealCardData['offerType'], string> = {
  deals: 'Lightning deal',
  percentage_offer: 'Percentage offer',
};

// in India's time zone on the server and in the browser alike, so the page hydrates unchanged
const ENDS_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});

/**
 * A deal's product card (requirements#deals): the product card with the deal's label ('Sponsored'
 * beside it when the seller pays for the placement) and end date. A deal of type click records the click (and spends its page points) before the product
 * opens with state product_ad_type; the product opens even if recording fails.
 */
export function DealCard({ deal }: { deal: DealCardData }) {
  const open = useTrackedOpen();
  const t = useT();
  const state = { product_ad_type: deal.offerType };
  return (
    <div className="deal-card" data-deal-id={deal.dealId}>
      <ProductCard
        product={deal}
        state={state}
        badge={
          <>
            <span className="deal-badge">{DEAL_LABELS[deal.offerType]}</span>
            {/* a paid placement says so (requirements#dark-patterns) */}
            {deal.isSponsored && <span className="deal-sponsored"> · {t('common.sponsored')}</span>}
          </>
        }
        onOpen={
          deal.billingType === 'click'
            ? (event) =>
                open(event, { href: productHref(deal.name), state, path: `/api/deals/${deal.dealId}/clicks` })
            : undefined
        }
      />
      <p className="deal-ends">Ends {ENDS_FORMAT.format(new Date(deal.endsAt))}</p>
    </div>
  );
}

/** A grid of deal cards, one per product (requirements#product-lists: de-duplicated by product id). */
export function DealGrid({ deals, label }: { deals: readonly DealCardData[]; label: string }) {
  return (
    <ul className="product-grid deal-grid" aria-label={label}>
      {uniqueById(deals).map((deal) => (
        <li key={deal.id}>
          <DealCard deal={deal} />
        </li>
      ))}
    </ul>
  );
}
