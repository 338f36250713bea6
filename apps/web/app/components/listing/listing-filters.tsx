import {
  ATTRIBUTE_PARAM_PREFIX,
  type DeliveryFilterKey,
  type ListingFilterChoice,
  type PriceRange,
  SWATCHES,
  toggleAttribute,
} from '@marketplace/domain/catalog/listing-filters';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { useId, useState } from 'react';
import { Form } from 'react-router';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import type { CategoryListing } from '../../lib/listing-data.ts';
import { escapeHtml } from '../../lib/html-text.ts';
import { useNonce } from '../../lib/nonce.ts';
import { PriceRangeSlider } from './price-range-slider.tsx';

const LEVEL_OF = { c: 1, sc: 2, ssc: 3, sssc: 4 } as const;
/** Attribute groups shown open; top categories have dozens of attributes. */
const OPEN_GROUPS = 3;

/** What the filter column offers (a category listing's, or a keyword's matches on search results). */
export type FilterColumn = Pick<
  CategoryListing,
  'pincode' | 'priceBounds' | 'deliveryFilters' | 'attributes'
> & {
  children?: CategoryListing['children'];
  /** The filters as applied. */
  query: ListingFilterChoice;
};

/**
 * Without scripts the phone's Filters dropdown cannot open: the column shows whole, with a button
 * that sends it. Markup, not elements: a browser running scripts keeps a noscript's content as
 * inert text, so the style never applies there. The style carries the page's CSP nonce, which only
 * the server knows (ADR-0018): in the browser the text differs, and stays inert.
 */
const noScriptFilters = (nonce: string | undefined, apply: string) =>
  `<style${nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : ''}>` +
  '.filters-panel{display:block}.filters-toggle{display:none}</style>' +
  `<button type="submit" class="btn filters-apply">${escapeHtml(apply)}</button>`;

/** requirements#delivery-day-filters: each delivery-day filter's label in the catalogs. */
const DELIVERY_FILTER_KEYS: Record<DeliveryFilterKey, MessageKey> = {
  today: 'listing.delivery.today',
  tomorrow: 'listing.delivery.tomorrow',
  '2days': 'listing.delivery.2days',
};

/** Hidden fields sent with a form posted without scripts, so it keeps what it does not change (the sort). */
export function KeptFields({ fields }: { fields: readonly (readonly [string, string])[] }) {
  return fields.map(([name, value]) => (
    <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
  ));
}

/**
 * The left column of a listing (requirements#listing-filters): child categories, price range, delivery days and
 * attribute filters. On phones it folds into a 'Filters' dropdown. With scripts a choice applies at
 * once; without them the column is a form sent with 'Apply filters' (requirements#forms-without-scripts).
 */
export function ListingFilters({
  listing,
  onChange,
  keep = [],
}: {
  listing: FilterColumn;
  onChange: (filters: ListingFilterChoice) => void;
  /** Query fields the form keeps (the sort). */
  keep?: readonly (readonly [string, string])[];
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const nonce = useNonce();
  const t = useT();
  const { query } = listing;
  const children = listing.children ?? [];
  const active =
    (query.price ? 1 : 0) +
    (query.delivery ? 1 : 0) +
    Object.values(query.attributes).reduce((sum, values) => sum + values.length, 0);
  const setPrice = (price: PriceRange | null) => onChange({ ...query, price });

  return (
    <aside className="listing-filters" aria-label={t('listing.filters')}>
      <button
        type="button"
        className="filters-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {active > 0 ? t('listing.filtersActive', { count: active }) : t('listing.filters')}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <Form
        method="get"
        preventScrollReset
        id={panelId}
        className={open ? 'filters-panel open' : 'filters-panel'}
      >
        <KeptFields fields={keep} />
        <noscript dangerouslySetInnerHTML={{ __html: noScriptFilters(nonce, t('listing.applyFilters')) }} />
        {active > 0 && (
          <button
            type="button"
            className="filters-clear"
            onClick={() => onChange({ price: null, delivery: null, attributes: {} })}
          >
            {t('listing.clearFilters')}
          </button>
        )}
        {children.length > 0 && (
          <section className="filter-group">
            <h2>{t('listing.category')}</h2>
            <ul className="child-categories">
              {children.map((child) => (
                <li key={child.id}>
                  <Link to={categoryListingPath(LEVEL_OF[child.type], child.name)}><span translate="no">{child.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="filter-group">
          <h2>{t('listing.price')}</h2>
          <PriceRangeSlider bounds={listing.priceBounds} value={query.price} onCommit={setPrice} boxNames />
        </section>
        <section className="filter-group">
          <h2>{t('listing.deliveryDay')}</h2>
          <ul className="filter-options">
            {listing.deliveryFilters.map((filter) => (
              <li key={filter.key}>
                <label>
                  <input
                    type="checkbox"
                    name="delivery"
                    value={filter.key}
                    checked={query.delivery === filter.key}
                    onChange={() =>
                      onChange({ ...query, delivery: query.delivery === filter.key ? null : filter.key })
                    }
                  />
                  {t(DELIVERY_FILTER_KEYS[filter.key])}
                </label>
              </li>
            ))}
          </ul>
          <p className="filter-note">{t('listing.deliveringTo', { pincode: listing.pincode })}</p>
        </section>
        {listing.attributes.map((facet, index) => {
          const chosen = query.attributes[facet.name] ?? [];
          return (
            // the first few groups and any group in use start open; the rest fold away
            <details
              className="filter-group"
              key={facet.name}
              open={index < OPEN_GROUPS || chosen.length > 0}
            >
              <summary>
                <h2 translate="no">{facet.name}</h2>
              </summary>
              <ul className={facet.name === 'Colour' ? 'filter-options swatches' : 'filter-options'}>
                {facet.values.map(({ value, count }) => {
                  const swatch = facet.name === 'Colour' ? SWATCHES[value] : undefined;
                  return (
                    <li key={value}>
                      <label>
                        <input
                          type="checkbox"
                          name={`${ATTRIBUTE_PARAM_PREFIX}${facet.name}`}
                          value={value}
                          checked={chosen.includes(value)}
                          onChange={() =>
                            onChange({
                              ...query,
                              attributes: toggleAttribute(query.attributes, facet.name, value),
                            })
                          }
                        />
                        {swatch && (
                          <span className="swatch" style={{ background: swatch }} aria-hidden="true" />
                        )}
                        <span translate="no">{value}</span>
                        <span className="filter-count">({count})</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </details>
          );
        })}
      </Form>
    </aside>
  );
}
