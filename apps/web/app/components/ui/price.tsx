import { discountPercent, formatInr } from '@marketplace/domain/money/money';
import { useT } from '../../i18n/intl.tsx';

/** An amount in rupees from paise, Indian digit grouping ('₹1,23,456.00'). */
export function Amount({ paise, className }: { paise: number; className?: string }) {
  return <span className={className ? `ui-amount ${className}` : 'ui-amount'}>{formatInr(paise)}</span>;
}

/**
 * A product's price: the sale price, the M.R.P. struck through and the discount, the last two only
 * when the sale is lower (requirements: prices). On a card: 'M.R.P.' beside the sale and 'N% Off'
 * under it; on the product page, as a headline: '-N%' before the sale and 'M.R.P.:' under it.
 */
export function Price({
  salePaise,
  mrpPaise,
  size = 'card',
}: {
  salePaise: number;
  mrpPaise?: number | null;
  size?: 'card' | 'page';
}) {
  const t = useT();
  const off = mrpPaise == null ? null : discountPercent(mrpPaise, salePaise);
  const sale = <span className="ui-price-sale">{formatInr(salePaise)}</span>;
  if (size === 'page')
    return (
      <div className="ui-price ui-price-page">
        <p className="ui-price-headline">
          {off !== null && <span className="ui-price-off">-{off}%</span>}
          {sale}
        </p>
        {off !== null && mrpPaise != null && (
          <p className="ui-price-mrp">
            {t('price.mrpColon')} <s>{formatInr(mrpPaise)}</s>
          </p>
        )}
      </div>
    );
  return (
    <div className="ui-price ui-price-card">
      <p className="ui-price-headline">
        {sale}
        {off !== null && mrpPaise != null && (
          <span className="ui-price-mrp">
            {t('price.mrp')}
            <s>{formatInr(mrpPaise)}</s>
          </span>
        )}
      </p>
      {off !== null && <p className="ui-price-off">{t('price.off', { percent: off })}</p>}
    </div>
  );
}
