/** A moment's Indian calendar day as India reads it: 1 Dec 2026 (IST all year). */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}
