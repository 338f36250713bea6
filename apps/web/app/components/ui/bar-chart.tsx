import './bar-chart.css';

export type Bar = { key: string; label: string; value: number; valueText: string };

/**
 * A bar chart drawn in HTML on the server: `columns` stand side by side (a series of days, the
 * label of every `labelEvery`th shown below), `rows` lie one under another with their labels and
 * figures (categories, sellers). The chart is one image to a screen reader, named by its title and
 * summary; the page's table beside it holds the exact figures.
 */
export function BarChart({
  title,
  summary,
  bars,
  orientation,
  labelEvery = 1,
}: {
  title: string;
  summary: string;
  bars: readonly Bar[];
  orientation: 'columns' | 'rows';
  labelEvery?: number;
}) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const share = (value: number) => (max > 0 && value > 0 ? Math.max(1, (value / max) * 100) : 0);
  const last = bars.length - 1;
  return (
    <figure className={`ui-bar-chart ui-bar-chart-${orientation}`}>
      <div className="ui-bar-chart-plot" role="img" aria-label={`${title}. ${summary}`}>
        {bars.map((bar, index) =>
          orientation === 'columns' ? (
            <div key={bar.key} className="ui-bar-chart-item" title={`${bar.label}: ${bar.valueText}`}>
              <span className="ui-bar-chart-bar" style={{ height: `${share(bar.value)}%` }} />
              {(last - index) % labelEvery === 0 && <span className="ui-bar-chart-label">{bar.label}</span>}
            </div>
          ) : (
            <div key={bar.key} className="ui-bar-chart-item">
              <span className="ui-bar-chart-label">{bar.label}</span>
              <span className="ui-bar-chart-track">
                <span className="ui-bar-chart-bar" style={{ width: `${share(bar.value)}%` }} />
              </span>
              <span className="ui-bar-chart-value">{bar.valueText}</span>
            </div>
          ),
        )}
      </div>
      <figcaption className="ui-bar-chart-caption">
        <strong>{title}.</strong> {summary}
      </figcaption>
    </figure>
  );
}
