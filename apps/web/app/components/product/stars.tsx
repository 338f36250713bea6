/** Five stars filled to a rating (0 to 5, one decimal), readable as text by screen readers. */
export function Stars({ rating, size = 14 }: { rating: number; size?: number }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span
      className="stars"
      style={{ fontSize: size }}
      role="img"
      aria-label={`${rating.toFixed(1)} out of 5 stars`}
    >
      <span className="stars-empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars-full" aria-hidden="true" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
