import { formatInr } from '@marketplace/domain/money/money';
import type { RefundBreakdown } from '@marketplace/domain/orders/refund';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { promoLineOf, refundDestinationIn, refundLineIn, useOrderDates } from './orders-i18n.ts';
import './refund-progress.css';

export type RefundProgressData = {
  status: string;
  method: string;
  bankAccountLast4: string | null;
  completedAt: string | null;
  needsBankAccount: boolean;
};

/**
 * Where a refund goes and how far it is: the original payment method or the bank account by its
 * last 4 digits, then the day it completed, or, until then, the page's estimate (requirements#refund-estimate: 7 to 10
 * business days). A cash refund waiting for a bank account asks the shopper to add one.
 */
export function RefundProgress({
  refund,
  estimate,
  className = 'refund-progress',
}: {
  refund: RefundProgressData;
  /** the page's estimate line, shown while the refund is not completed */
  estimate: string;
  className?: string;
}) {
  const t = useT();
  const dates = useOrderDates();
  const isCompleted = refund.status === 'completed' && refund.completedAt !== null;
  return (
    <>
      <p className={className}>
        {refundDestinationIn(refund.method, refund.bankAccountLast4, t)}
        {' · '}
        {isCompleted && refund.completedAt ? (
          <strong className="refund-completed-on">
            {t('orders.refund.completedOn', { day: dates.day(refund.completedAt) })}
          </strong>
        ) : (
          estimate
        )}
      </p>
      {refund.needsBankAccount && (
        <p className="refund-needs-account" role="status">
          {t('orders.refund.addBankAccount')}{' '}
          <Link to="/bankaccount">{t('orders.refund.addBankAccountLink')}</Link>
        </p>
      )}
    </>
  );
}

/**
 * The refund's amount, called partial only when less than what was paid for those units, and
 * every deduction from the price in its own line (refundBreakdown), so the sum can be checked.
 */
export function RefundAmount({
  refund,
}: {
  refund: { amountPaise: number; breakdown: RefundBreakdown | null };
}) {
  const t = useT();
  const rich = useRichT();
  const { breakdown } = refund;
  const lineText = (text: string) => {
    const promo = promoLineOf(text);
    return promo
      ? rich('orders.refund.linePromo', { ...promo, name: (chunks) => <span translate="no">{chunks}</span> })
      : refundLineIn(text, t);
  };
  return (
    <>
      <p className="as-refund-amount">
        {breakdown?.isPartial ? `${t('orders.refund.partial')} ` : `${t('orders.refund.amount')} `}
        <strong>{formatInr(refund.amountPaise)}</strong>
      </p>
      {breakdown && breakdown.lines.length > 1 && (
        <ul className="refund-breakdown" aria-label={t('orders.refund.breakdown')}>
          {breakdown.lines.map((line) => (
            <li key={line.text}>
              <span>{lineText(line.text)}</span>
              <span>
                {line.amountPaise < 0 ? '−' : ''}
                {formatInr(Math.abs(line.amountPaise))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
