import { Link } from 'react-router';

export type PromotionsPart = 'coupons' | 'deals' | 'promo' | 'campaigns';
const LINKS: readonly { part: PromotionsPart; to: string; label: string }[] = [
  { part: 'coupons', to: '/admin/promotions', label: 'Coupons' },
  { part: 'deals', to: '/admin/promotions/deals', label: 'Deals and offers' },
  { part: 'promo', to: '/admin/promotions/promo', label: 'PromoJun' },
  { part: 'campaigns', to: '/admin/promotions/campaigns', label: 'Brand campaigns' },
];

/** requirements#operator-promotions: the four parts of promotions, one link each. */
export function PromotionsNav({ current }: { current: PromotionsPart }) {
  return (
    <nav className="promo-nav" aria-label="Promotions">
      {LINKS.map((link) => (
        <Link
          key={link.part}
          to={link.to}
          className={link.part === current ? 'is-current' : undefined}
          aria-current={link.part === current ? 'page' : undefined}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
