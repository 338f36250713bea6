import { formatInr } from '@marketplace/domain/money/money';
import { PAYOUT_CUTOFF_WEEKDAY, PAYOUT_CYCLE_DAYS } from '@marketplace/domain/settlement/cycle';
import { BASIS_POINTS, FEE_GST_RATE, SHIPPING_SLAB_GRAMS } from '@marketplace/domain/settlement/fees';
import { tcsLawOn } from '@marketplace/domain/settlement/tcs-law';
import {
  type SellerPayout,
  SellerSettlement,
  type SettlementEntry,
} from '@marketplace/domain/settlement/settlement-api';
import type { ReactNode } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import { formatDay } from '../../components/orders/order-dates.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Badge, type BadgeTone, Table } from '../../components/ui/table.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/engagement.css';
import '../../components/seller-central/payments.css';
import { formatIndianDate, formatIndianDateTime } from '@marketplace/domain/text/dates';
import { TDS_LAW } from '@marketplace/domain/settlement/tds-law';
import { PayoutAccountState } from '@marketplace/domain/settlement/payout-account';
import { FeeInvoicesLink } from '../../components/seller-central/fee-invoices.tsx';

// requirements#tds-law: the rows either side of 1 Apr 2026, from the effective-dated law
const TDS_NOW = TDS_LAW[TDS_LAW.length - 1] ?? {
  rateBasisPoints: 10,
  noPanRateBasisPoints: 500,
  exemptUpToPaise: 5_00_000_00,
  provision: '',
};
const TDS_BEFORE = TDS_LAW[TDS_LAW.length - 2] ?? TDS_NOW;

/** requirements#settlement: the seller's balance, payouts and latest ledger entries, all from the server. */
export async function loader({ request, context }: LoaderArgs) {
  const [settlement, payoutAccount] = await Promise.all([
    loadFromApi(context, request, '/api/seller/settlement', SellerSettlement),
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

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const CUTOFF_DAY = WEEKDAYS[PAYOUT_CUTOFF_WEEKDAY] ?? 'Monday';
const CYCLE_DAYS: number = PAYOUT_CYCLE_DAYS;
const CYCLE = CYCLE_DAYS === 7 ? 'weekly' : `made every ${CYCLE_DAYS} days`;

/** A cut-off as a day in India: 'Monday, 22 June 2026'. */
const payoutDay = (iso: string) => formatIndianDate(iso);

/** A percentage as a seller reads it, kept on one line: 18 is '18 %'. */
const percent = (rate: number) => `${rate}\u00a0%`;
/** Basis points as a percentage: 50 is '0.5 %'. */
const fromBasisPoints = (basisPoints: number) => percent((basisPoints * 100) / BASIS_POINTS);

/** An amount with its sign: a deduction reads '−₹12.50' (a true minus sign) and is marked as one. */
function Signed({ paise }: { paise: number }) {
  if (paise >= 0) return <span className="sc-pay-amount">{formatInr(paise)}</span>;
  return <span className="sc-pay-amount sc-pay-minus">−{formatInr(-paise)}</span>;
}

const STATUS_TONES: Readonly<Record<SellerPayout['status'], BadgeTone>> = {
  initiated: 'neutral',
  processed: 'info',
  completed: 'success',
  failed: 'danger',
};

function Figure({ label, value, note }: { label: string; value: ReactNode; note: ReactNode }) {
  return (
    <section className="sc-pay-figure" aria-label={label}>
      <h2 className="sc-pay-figure-label">{label}</h2>
      <p className="sc-pay-figure-value">{value}</p>
      <p className="sc-pay-figure-note">{note}</p>
    </section>
  );
}

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
    <section className="sc-pay-figure sc-pay-totals" aria-label="All your entries so far">
      <h2 className="sc-pay-figure-label">All your entries so far</h2>
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
    </section>
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
          <th scope="col">Cut-off</th>
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
        const day = formatDay(payout.periodEnd);
        return (
          <tr key={payout.id}>
            <td data-label="Cut-off">{day}</td>
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
                Statement (PDF)<span className="sr-only">, payout of {day}</span>
              </a>
              <a href={payout.statementCsvUrl} download>
                CSV<span className="sr-only">, payout of {day}</span>
              </a>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

/** When an entry's money can be paid: a payout's own entry is the payout, anything else waits for its item. */
function payableNote(entry: SettlementEntry) {
  if (entry.kind === 'payout' && entry.payableAt)
    return entry.amountPaise < 0
      ? `Paid out, cut-off ${formatDay(entry.payableAt)}`
      : `Back in your balance ${formatDay(entry.payableAt)}`;
  if (entry.paidOut) return 'Paid out';
  return entry.payableAt ? `Payable from ${formatDay(entry.payableAt)}` : 'On its way';
}

/** A cell with nothing to show: a dash in the table, left out of a phone's card. */
const Blank = () => <td className="sc-pay-blank">—</td>;

function Entries({ entries }: { entries: SettlementEntry[] }) {
  if (entries.length === 0)
    return (
      <p className="sc-pay-empty">
        Nothing yet. Each sale, with its fees and taxes, is written here when you create its shipment.
      </p>
    );
  return (
    <Table
      label="Latest entries"
      className="sc-pay-table sc-pay-entries"
      stacked
      head={
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Order</th>
          <th scope="col">Product</th>
          <th scope="col">Document</th>
          <th scope="col">Entry</th>
          <th scope="col" className="ui-num">
            Amount
          </th>
          <th scope="col">Payable</th>
        </tr>
      }
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td data-label="Date" className="sc-pay-date">
            {formatDay(entry.createdAt)}
          </td>
          {entry.orderNo ? (
            <td data-label="Order" className="sc-pay-order-cell">
              <Link to={`/sellercentral/orders/${entry.orderNo}`} className="sc-pay-order">
                {entry.orderNo}
              </Link>
            </td>
          ) : (
            <Blank />
          )}
          {entry.productName ? (
            <td className="sc-pay-product ui-cell-wide">{entry.productName}</td>
          ) : (
            <Blank />
          )}
          {entry.documentNumber ? (
            <td data-label="Document" className="sc-pay-document">
              <span className="sc-pay-mono">{entry.documentNumber}</span>
            </td>
          ) : (
            <Blank />
          )}
          <td className="sc-pay-entry">{entry.label}</td>
          <td className="ui-num sc-pay-entry-amount">
            <Signed paise={entry.amountPaise} />
          </td>
          <td className="sc-pay-when">{payableNote(entry)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** requirements#settlement in plain words, with the rates the ledger uses. */
function HowItWorks() {
  return (
    <Card title="How your payments work" className="sc-pay-how">
      <dl className="sc-pay-how-list">
        <div>
          <dt>Fees</dt>
          <dd>
            For each item sold we charge a commission (a share of what the shopper paid, with a minimum per
            unit), a closing fee by the item’s price, and a shipping fee for each {SHIPPING_SLAB_GRAMS} g of
            its weight, at the rates in force for your product on the day of the sale.
          </dd>
        </div>
        <div>
          <dt>GST on fees</dt>
          <dd>Our fees are a service to you, so GST at {percent(FEE_GST_RATE)} is added to each of them.</dd>
        </div>
        <div>
          <dt>TCS (GST section 52)</dt>
          <dd>
            We collect {fromBasisPoints(tcsLawOn(new Date()).rateBasisPoints)} of the taxable value of your
            taxed sales, less returns, at the rate in force on each invoice’s date, and pay it to the
            government in your name; you claim it in your GST returns.
          </dd>
        </div>
        <div>
          <dt>TDS (income tax)</dt>
          <dd>
            {`We deduct ${fromBasisPoints(TDS_NOW.rateBasisPoints)} of the taxable value of your sales (${fromBasisPoints(TDS_NOW.noPanRateBasisPoints)} if we do not have your PAN) and deposit it with the income-tax department, under the law in force on the day we credit you: ${TDS_BEFORE.provision} until 31 March 2026, ${TDS_NOW.provision} from 1 April 2026. `}
            {`If you are an individual or a Hindu undivided family with a PAN and your sales through us stay within ${formatInr(TDS_NOW.exemptUpToPaise)} in the tax year, nothing is deducted. `}
            With your PAN it shows in your Form 26AS and counts towards your income tax.{' '}
            <Link to="/sellercentral/gst">Your GST returns: Table 14 and TCS credit</Link>
          </dd>
        </div>
        <div>
          <dt>When money becomes payable</dt>
          <dd>
            An item’s sale, fees and taxes wait until its return window has closed: from 00:00 IST the day
            after the window’s last day. A return or cancellation takes the sale back and gives back the fees
            and taxes on those units; the shipping fee of a parcel that travelled is kept.
          </dd>
        </div>
        <div>
          <dt>Payouts</dt>
          <dd>
            Payouts are {CYCLE}. At 00:00 IST every {CUTOFF_DAY} we add up what is payable by then and send it
            to your bank account in one payout, with a statement of every entry in it. If deductions are more
            than what is payable, the difference is carried to the next cycle.
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** requirements#settlement: what the seller is owed, when it is paid, and what was paid. */
export default function SellerPayments() {
  const { settlement: s, payoutAccount } = useLoaderData<typeof loader>();
  const nextDay = payoutDay(s.nextCycleEnd);
  const heldUntil = payoutAccount?.heldUntil ?? null;
  return (
    <div className="sc-pay">
      <div className="sc-eng-head">
        <h1>Payments</h1>
        <p className="sc-eng-sub">What you have earned, what is deducted, and when it reaches your bank.</p>
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
      <div className="sc-pay-summary">
        <div className="sc-pay-figures">
          <Figure
            label="Payable now"
            value={<Signed paise={s.payablePaise} />}
            note={
              s.payablePaise < 0
                ? `Deductions are more than your payable sales: the difference is carried to the next cycle, on ${nextDay}, and taken from what is payable then.`
                : s.payablePaise === 0
                  ? `Nothing to pay yet. The next payout is on ${nextDay}.`
                  : heldUntil && heldUntil > s.nextCycleEnd
                    ? // requirements#payout-account: the cycle pays it once the hold after a bank change has passed
                      `Held after your bank account change until ${formatIndianDateTime(heldUntil)} (India time), then paid.`
                    : `The next payout is on ${nextDay}, and pays it.`
            }
          />
          <Figure
            label="Waiting for return windows"
            value={<Signed paise={s.waitingPaise} />}
            note="Becomes payable as each item’s return window closes."
          />
        </div>
        <Totals totals={s.totals} />
      </div>
      <Card title="Payouts">
        <Payouts payouts={s.payouts} nextCycleEnd={s.nextCycleEnd} />
      </Card>
      <Card title="Latest entries">
        <Entries entries={s.entries} />
      </Card>
      <HowItWorks />
    </div>
  );
}
