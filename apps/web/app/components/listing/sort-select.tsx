import { Form } from 'react-router';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import { escapeHtml } from '../../lib/html-text.ts';
import { KeptFields } from './listing-filters.tsx';

// a submit button for browsers without scripts (markup, so a browser running scripts never shows it)
const noScriptSort = (go: string) => `<button type="submit" class="btn sort-go">${escapeHtml(go)}</button>`;

/**
 * 'Sort by' of a listing or search results: with scripts a choice applies at once; without them it
 * is a form sent with Go that keeps the filters (requirements#forms-without-scripts).
 */
export function SortSelect<K extends string>({
  sorts,
  value,
  onChange,
  keep,
}: {
  sorts: readonly { key: K; label: string }[];
  value: K;
  onChange: (sort: K) => void;
  /** The filters the form keeps. */
  keep: readonly (readonly [string, string])[];
}) {
  const t = useT();
  return (
    <Form method="get" preventScrollReset className="listing-sort">
      <KeptFields fields={keep} />
      <label>
        {t('listing.sortBy')}
        <select
          name="sort"
          value={value}
          onChange={(e) => {
            const chosen = sorts.find((sort) => sort.key === e.currentTarget.value);
            if (chosen) onChange(chosen.key);
          }}
        >
          {sorts.map((sort) => (
            <option key={sort.key} value={sort.key}>
              {t(`listing.sort.${sort.key}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <noscript dangerouslySetInnerHTML={{ __html: noScriptSort(t('listing.sortGo')) }} />
    </Form>
  );
}
