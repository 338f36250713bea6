// Seller Central's Payments: how fees, taxes, payable dates and payouts work, in plain words, with
// the rates the ledger uses (requirements#settlement).
import { formatInr } from '@marketplace/domain/money/money';
import { PAYOUT_CUTOFF_WEEKDAY, PAYOUT_CYCLE_DAYS } from '@marketplace/domain/settlement/cycle';
import { BASIS_POINTS, FEE_GST_RATE, SHIPPING_SLAB_GRAMS } from '@marketplace/domain/settlement/fees';
import { tcsLawOn } from '@marketplace/domain/settlement/tcs-law';
import { TDS_LAW } from '@marketplace/domain/settlement/tds-law';
import { Link } from 'react-router';
import { Card } from '../ui/card.tsx';

// requirements#tds-law: the rows either side of 1 Apr 2026, from the effective-dated law
const TDS_NOW = TDS_LAW[TDS_LAW.length - 1] ?? {
  rateBasisPoints: 10,
  noPanRateBasisPoints: 500,
  exemptUpToPaise: 5_00_000_00,
  provision: '',
};
const TDS_BEFORE = TDS_LAW[TDS_LAW.length - 2] ?? TDS_NOW;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const CUTOFF_DAY = WEEKDAYS[PAYOUT_CUTOFF_WEEKDAY] ?? 'Monday';
const CYCLE_DAYS: number = PAYOUT_CYCLE_DAYS;
const CYCLE = CYCLE_DAYS === 7 ? 'weekly' : `made every ${CYCLE_DAYS} days`;

/** A percentage as a seller reads it, kept on one line: 18 is '18 %'. */
const percent = (rate: number) => `${rate}\u00a0%`;
/** Basis points as a percentage: 50 is '0.5 %'. */
const fromBasisPoints = (basisPoints: number) => percent((basisPoints * 100) / BASIS_POINTS);

export /** requirements#settlement in plain words, with the rates the ledger uses. */
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
