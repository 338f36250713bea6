import { formatInr } from '@marketplace/domain/money/money';
import { nextPayoutCycleEnd, payoutCycleEnd } from '@marketplace/domain/settlement/cycle';
import {
  salesPageOf,
  type SellerPayout,
  SellerSettlement,
} from '@marketplace/domain/settlement/settlement-api';
import type { ReactNode } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import { HowItWorks } from '../../components/seller-central/payments-how.tsx';
import { Sales, Signed } from '../../components/seller-central/payments-sales.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Badge, type BadgeTone, Table } from '../../components/ui/table.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/engagement.css';
import '../../components/seller-central/payments.css';
import { formatIndianDate, formatIndianDateTime } from '@marketplace/domain/text/dates';
import { PayoutAccountState } from '@marketplace/domain/settlement/payout-account';
import { FeeInvoicesLink } from '../../components/seller-central/fee-invoices.tsx';

/** requirements#settlement: the seller's balance, payouts and latest ledger entries, all from the server. */
export async function loader({ request, context }: LoaderArgs) {
  // a page that is not one (typed, cut short) shows the first rather than an error
  const page = salesPageOf(new URL(request.url).searchParams.get('page'));
  const [settlement, payoutAccount] = await Promise.all([
    loadFromApi(context, request, `/api/seller/settlement?page=${page}`, SellerSettlement),
    // requirements#payout-account: a changed account's hold and its bank check
    loadFromApi(context, request, '/api/seller/payout-account', PayoutAccountState),
  ]);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!settlement) throw data('Your payments could not be loaded. Please try again.', { status: 503 });
  return { settlement, payoutAccount };
}

export function meta() {
  return [{ title: 'Payments · Seller Central' }];
}

/** A cut-off as a day in India: 'Monday, 22 June 2026'. */
const payoutDay = (iso: string) => formatIndianDate(iso);

const STATUS_TONES: Readonly<Record<SellerPayout['status'], BadgeTone>> = {
  initiated: 'neutral',
  processed: 'info',
  completed: 'success',
  failed: 'danger',
};

function Totals({ totals }: { totals: SellerSettlement['totals'] }) {
  const rows: [string, number][] = [
    ['Sales', totals.salesPaise],
    ['Refunds', totals.refundsPaise],
    ['Fees', totals.feesPaise],
    ['GST on fees', totals.feesGstPaise],
    ['TCS', totals.tcsPaise],
    ['TDS', totals.tdsPaise],
    ['Paid out', totals.paidOutPaise],
  ];
  const balance = rows.reduce((sum, [, paise]) => sum + paise, 0);
  return (
    <details className="ui-card sc-pay-totals">
      <summary>All your entries so far, by kind</summary>
      <dl className="sc-pay-totals-list">
        {rows.map(([label, paise]) => (
          <div key={label} className="sc-pay-totals-row">
            <dt>{label}</dt>
            <dd>
              <Signed paise={paise} />
            </dd>
          </div>
        ))}
        <div className="sc-pay-totals-row sc-pay-totals-sum">
          <dt>Balance</dt>
          <dd>
            <Signed paise={balance} />
          </dd>
        </div>
      </dl>
    </details>
  );
}

function Payouts({ payouts, nextCycleEnd }: { payouts: SellerPayout[]; nextCycleEnd: string }) {
  if (payouts.length === 0)
    return (
      <p className="sc-pay-empty">
        No payouts yet. Your first payout comes on {payoutDay(nextCycleEnd)} for what is payable by then.
      </p>
    );
  return (
    <Table
      label="Payouts"
      className="sc-pay-table"
      stacked
      head={
        <tr>
          <th scope="col">Cycle</th>
          <th scope="col" className="ui-num">
            Amount
          </th>
          <th scope="col">Status</th>
          <th scope="col">Bank account</th>
          <th scope="col">UTR</th>
          <th scope="col">Statement</th>
        </tr>
      }
    >
      {payouts.map((payout) => {
        const day = payout.cycleText;
        return (
          <tr key={payout.id}>
            <td data-label="Cycle" className="sc-pay-cycle">
              {day}
            </td>
            <td className="ui-num" data-label="Amount">
              <Signed paise={payout.amountPaise} />
            </td>
            <td data-label="Status">
              <Badge tone={STATUS_TONES[payout.status]}>{payout.statusLabel}</Badge>
            </td>
            <td data-label="Bank account">
              {payout.bankAccountLast4 ? `Ending ${payout.bankAccountLast4}` : '—'}
            </td>
            <td data-label="UTR">{payout.utr ? <span className="sc-pay-mono">{payout.utr}</span> : '—'}</td>
            <td data-label="Statement" className="sc-pay-downloads">
              <a href={payout.statementPdfUrl} download>
                Statement (PDF)<span className="sr-only">, cycle {day}</span>
              </a>
              <a href={payout.statementCsvUrl} download>
                CSV<span className="sr-only">, cycle {day}</span>
              </a>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

/**
 * The headline: the next payout's day and its estimate. A payout held after a bank account change
 * moves to the first cut-off after the hold (requirements#payout-account); a negative balance is said
 * in words, not as a red figure.
 */
function NextPayout({ s, heldUntil }: { s: SellerSettlement; heldUntil: string | null }) {
  const held = heldUntil !== null && heldUntil > s.nextCycleEnd;
  const cutoff = held
    ? nextPayoutCycleEnd(payoutCycleEnd(new Date(heldUntil))).toISOString()
    : s.nextCycleEnd;
  const day = payoutDay(cutoff);
  const amount = s.nextPayoutPaise;
  let headline: ReactNode;
  let note: ReactNode;
  if (!s.hasBankAccount) {
    headline = 'No payout until you add your bank account';
    note =
      amount > 0
        ? `${formatInr(amount)} is payable by then and waits for it.`
        : 'Each week’s payable sales are paid into it.';
  } else if (amount > 0) {
    headline = (
      <>
        <span className="sc-pay-next-amount">{formatInr(amount)}</span>{' '}
        <span className="sc-pay-next-on">on {day}</span>
      </>
    );
    note = held
      ? `Estimated. Held after your bank account change until ${formatIndianDateTime(heldUntil)} (India time), then paid at the next cut-off.`
      : 'Estimated: what will be payable at the cut-off, 00:00 India time, from the sales whose return windows close by then. Returns before then lower it.';
  } else if (amount < 0) {
    headline = `No payout on ${day}`;
    note = `Your fees, taxes and refunds are ${formatInr(-amount)} more than your payable sales. There is nothing for you to pay: we take it from your next sales, and pay you once they are more.`;
  } else {
    headline = `Nothing to pay on ${day} yet`;
    note = 'A sale becomes payable when its return window closes; each payout pays what is payable by then.';
  }
  return (
    <section className="sc-pay-next" aria-labelledby="sc-pay-next-title">
      <h2 id="sc-pay-next-title" className="sc-pay-next-label">
        Next payout
      </h2>
      <p className="sc-pay-next-value">{headline}</p>
      <p className="sc-pay-next-note">{note}</p>
      <dl className="sc-pay-next-figures">
        <div>
          <dt>Payable now</dt>
          <dd>
            <Signed paise={s.payablePaise} />
          </dd>
        </div>
        <div>
          <dt>Waiting for return windows</dt>
          <dd>
            <Signed paise={s.waitingPaise} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * requirements#settlement: what the seller gets next and when, each sale with what it leaves, the
 * payouts, and the rules. Each part is a Card, so another (fee invoices) slots in between.
 */
export default function SellerPayments() {
  const { settlement: s, payoutAccount } = useLoaderData<typeof loader>();
  const heldUntil = payoutAccount?.heldUntil ?? null;
  return (
    <div className="sc-pay">
      <div className="sc-eng-head">
        <h1>Payments</h1>
        <p className="sc-eng-sub">What you get for each sale, and when it reaches your bank.</p>
        {/* requirements#fee-invoices */}
        <FeeInvoicesLink />
      </div>
      {payoutAccount?.notice && (
        <Alert
          tone={payoutAccount.verification === 'invalid' ? 'error' : 'warning'}
          title={
            payoutAccount.heldUntil
              ? 'Payouts on hold after a bank account change'
              : 'Your payout bank account'
          }
          className="sc-pay-alert"
        >
          {payoutAccount.notice} Your payouts go to {payoutAccount.accountMasked} ({payoutAccount.ifsc}).
          {payoutAccount.verifiedName && (
            <>
              {' '}
              Name at the bank: <strong>{payoutAccount.verifiedName}</strong>.
            </>
          )}{' '}
          Not your change? Write to seller support at once.
        </Alert>
      )}
      {!s.hasBankAccount && (
        <Alert tone="warning" title="Add your bank account to be paid" className="sc-pay-alert">
          We pay into the bank account in <Link to="/sellercentral/account">Account</Link>. Until you add it,
          what is payable stays in your balance.
        </Alert>
      )}
      <NextPayout s={s} heldUntil={heldUntil} />
      <Card title="Sales">
        <Sales
          sales={s.sales}
          page={s.salesPage.page}
          pageCount={s.salesPage.pageCount}
          total={s.salesPage.total}
        />
      </Card>
      <Card title="Payouts">
        <Payouts payouts={s.payouts} nextCycleEnd={s.nextCycleEnd} />
      </Card>
      <Totals totals={s.totals} />
      <HowItWorks />
    </div>
  );
}
