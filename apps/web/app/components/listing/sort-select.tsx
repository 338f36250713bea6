import { Form } from 'react-router';
import { KeptFields } from './listing-filters.tsx';

// a submit button for browsers without scripts (markup, so a browser running scripts never shows it)
const NO_SCRIPT_SORT = '<button type="submit" class="btn sort-go">Go</button>';

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
  return (
    <Form method="get" preventScrollReset className="listing-sort">
      <KeptFields fields={keep} />
      <label>
        Sort by
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
              {sort.label}
            </option>
          ))}
        </select>
      </label>
      <noscript dangerouslySetInnerHTML={{ __html: NO_SCRIPT_SORT }} />
    </Form>
  );
}
