// requirements#operator-console: an audit entry's before and after as people read them: one row a
// field, in words, with what it was and what it became, rather than the stored JSON.
import { formatInr } from '../money/money.ts';

export type AuditFieldChange = { field: string; label: string; before: string; after: string };

const MAX_DEPTH = 3;
const NONE = '—';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "moderationStatus" → "Moderation status", "isActive" → "Active", "amountPaise" → "Amount". */
export function auditFieldLabel(path: string): string {
  const words = path
    .split('.')
    .map((part) =>
      part
        .replace(/Paise$/, '')
        .replace(/^is(?=[A-Z])/, '')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase(),
    )
    .join(' › ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return /Paise$/.test(field) ? formatInr(value) : String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.length === 0
      ? NONE
      : value
          .map((item) => (isRecord(item) || Array.isArray(item) ? JSON.stringify(item) : String(item)))
          .join(', ');
  return JSON.stringify(value);
}

/** Each leaf of a recorded value by its dotted path; a value that is not an object is one leaf, ''. */
function leaves(value: unknown, prefix = '', depth = 0, out = new Map<string, unknown>()) {
  if (isRecord(value) && depth < MAX_DEPTH && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value))
      leaves(inner, prefix ? `${prefix}.${key}` : key, depth + 1, out);
  } else if (value !== null && value !== undefined) out.set(prefix, value);
  return out;
}

/**
 * The fields an audit entry records, each with its value before and after (— where a side has
 * none), in the order recorded; a field both sides hold alike is left out unless nothing changed.
 */
export function auditFieldChanges(before: unknown, after: unknown): AuditFieldChange[] {
  const was = leaves(before);
  const now = leaves(after);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  const rows = fields.map((field) => ({
    field,
    label: field === '' ? 'Value' : auditFieldLabel(field),
    before: valueText(field, was.get(field)),
    after: valueText(field, now.get(field)),
  }));
  const changed = rows.filter((row) => row.before !== row.after);
  return changed.length > 0 ? changed : rows;
}
