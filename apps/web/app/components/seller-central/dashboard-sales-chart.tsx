import { formatInr } from '@marketplace/domain/money/money';
import { useId } from 'react';
import './dashboard.css';

type Day = { date: string; orders: number; salesPaise: number };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '7 Mar' from '2026-03-07'. */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day ?? ''} ${MONTHS[(month ?? 1) - 1] ?? ''}`;
}

/** An axis amount the Indian way: ₹950, ₹12k, ₹1.5L, ₹2Cr. */
export function axisRupees(paise: number): string {
  const rupees = paise / 100;
  if (rupees >= 1e7) return `₹${trim(rupees / 1e7)}Cr`;
  if (rupees >= 1e5) return `₹${trim(rupees / 1e5)}L`;
  if (rupees >= 1e3) return `₹${trim(rupees / 1e3)}k`;
  return `₹${Math.round(rupees)}`;
}
const trim = (value: number) => (Math.round(value * 10) / 10).toString();

/** A round top for the axis above the highest day: 1, 2 or 5 times a power of ten (in rupees). */
export function axisTop(maxPaise: number): number {
  if (maxPaise <= 0) return 100_000; // ₹1,000 on an empty month
  const rupees = maxPaise / 100;
  const power = 10 ** Math.floor(Math.log10(rupees));
  const step = [1, 2, 5, 10].find((m) => m * power >= rupees) ?? 10;
  return step * power * 100;
}

/**
 * requirements#seller-dashboard: sales by day as bars, drawn on the server (an SVG with a title
 * and description), and the same figures in a table for screen readers.
 */
export function DashboardSalesChart({ days }: { days: readonly Day[] }) {
  const id = useId();
  const top = axisTop(Math.max(0, ...days.map((d) => d.salesPaise)));
  const count = Math.max(days.length, 1);
  const total = days.reduce((sum, d) => sum + d.salesPaise, 0);
  const best = days.reduce<Day | null>((b, d) => (b === null || d.salesPaise > b.salesPaise ? d : b), null);
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? `Sales from ${shortDay(first.date)} to ${shortDay(last.date)}: ${formatInr(total)} in all${
          best && best.salesPaise > 0
            ? `; the best day was ${shortDay(best.date)} with ${formatInr(best.salesPaise)}`
            : ''
        }.`
      : 'No sales yet.';
  // the bars stretch to the box's width (a unit a day, 100 units high); the labels are text beside them, never stretched
  return (
    <figure className="sc-dash-chart">
      <div className="sc-dash-chart-box">
        <div className="sc-dash-chart-y" aria-hidden="true">
          {[1, 0.5, 0].map((share) => (
            <span key={share} style={{ top: `${(1 - share) * 100}%` }}>
              {axisRupees(top * share)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${count * 10} 100`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="sc-dash-chart-svg"
        >
          <title id={`${id}-title`}>{`Sales by day, last ${days.length} days`}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {[0, 50, 100].map((y) => (
            <line key={y} className="sc-dash-chart-grid" x1={0} x2={count * 10} y1={y} y2={y} />
          ))}
          {days.map((day, index) => {
            const height = day.salesPaise > 0 ? Math.max(0.8, (day.salesPaise / top) * 100) : 0;
            return (
              <rect
                key={day.date}
                className={
                  index === days.length - 1 ? 'sc-dash-chart-bar sc-dash-chart-today' : 'sc-dash-chart-bar'
                }
                x={index * 10 + 1.5}
                y={100 - height}
                width={7}
                height={height}
              >
                <title>{`${shortDay(day.date)}: ${formatInr(day.salesPaise)}, ${day.orders} orders`}</title>
              </rect>
            );
          })}
        </svg>
        <div className="sc-dash-chart-x" aria-hidden="true">
          {days.map((day, index) =>
            (days.length - 1 - index) % 7 === 0 ? (
              <span key={day.date} style={{ left: `${((index + 0.5) / count) * 100}%` }}>
                {shortDay(day.date)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <figcaption className="sc-dash-chart-caption">{summary}</figcaption>
      {/* the bars' figures for screen readers, exactly; hidden by a box around the table, since a
          table's box ignores the 1 px size and grows to its rows, stretching the page below */}
      <div className="sr-only">
        <table>
          <caption>Sales by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Sales</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{shortDay(day.date)}</th>
                <td>{day.orders}</td>
                <td>{formatInr(day.salesPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
