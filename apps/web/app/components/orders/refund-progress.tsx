import { formatInr } from '@marketplace/domain/money/money';
import type { RefundBreakdown } from '@marketplace/domain/orders/refund';
import { refundDestination, REFUND_TEXTS } from '@marketplace/domain/orders/refund-life';
import { Link } from '../../i18n/link.tsx';
import { formatDay } from './order-dates.ts';
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
  const isCompleted = refund.status === 'completed' && refund.completedAt !== null;
  return (
    <>
      <p className={className}>
        {refundDestination(refund.method, refund.bankAccountLast4)}
        {' · '}
        {isCompleted && refund.completedAt ? (
          <strong className="refund-completed-on">
            {REFUND_TEXTS.completedOn(formatDay(refund.completedAt))}
          </strong>
        ) : (
          estimate
        )}
      </p>
      {refund.needsBankAccount && (
        <p className="refund-needs-account" role="status">
          {REFUND_TEXTS.addBankAccount} <Link to="/bankaccount">{REFUND_TEXTS.addBankAccountLink}</Link>
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
  const { breakdown } = refund;
  return (
    <>
      <p className="as-refund-amount">
        {breakdown?.isPartial ? 'Partial refund: ' : `${REFUND_TEXTS.amount} `}
        <strong>{formatInr(refund.amountPaise)}</strong>
      </p>
      {breakdown && breakdown.lines.length > 1 && (
        <ul className="refund-breakdown" aria-label="How the refund is worked out">
          {breakdown.lines.map((line) => (
            <li key={line.text}>
              <span>{line.text}</span>
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
