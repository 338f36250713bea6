// requirements#merchant-feed: the Google Merchant Center product feed, one file per shop language, as
// RSS 2.0 with Google's `g:` namespace (Google's product data specification: id, title,
// description, link, image_link, availability, price, sale_price, brand, gtin, condition, shipping).
// Pure: the feed job passes each product's facts and the site's origin.
import { LANGUAGE_LOCALES, type Language } from '../i18n/languages.ts';
import { gtinOf } from './structured-data.ts';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** A feed's file name, as served under /feeds/: English unsuffixed, the others by their code. */
export const merchantFeedFile = (language: Language) =>
  language === 'en' ? 'google-merchant.xml' : `google-merchant-${language}.xml`;
export const MERCHANT_FEED_FILE = /^google-merchant(-(hi|ta|te))?\.xml$/;

/** Google's limits on a title and a description, in characters. */
export const FEED_TITLE_MAX = 150;
export const FEED_DESCRIPTION_MAX = 5000;
/** Google reads at most this many `shipping` entries of one item. */
export const FEED_SHIPPING_MAX = 100;

/** Paise as Google's price text: rupees with two decimals and the currency ('1234.50 INR'). */
export const feedPrice = (paise: number) => `${(paise / 100).toFixed(2)} INR`;

export const feedAvailability = (stock: number): 'in_stock' | 'out_of_stock' =>
  stock > 0 ? 'in_stock' : 'out_of_stock';

/** `price` is the M.R.P. when the offer sells below it, with the selling price as `sale_price`. */
export function feedPrices(offer: { salePricePaise: number; mrpPaise: number }): {
  price: string;
  salePrice: string | null;
} {
  return offer.mrpPaise > offer.salePricePaise
    ? { price: feedPrice(offer.mrpPaise), salePrice: feedPrice(offer.salePricePaise) }
    : { price: feedPrice(offer.salePricePaise), salePrice: null };
}

// characters XML 1.0 may not carry (C0 controls but tab and line ends, DEL, U+FFFE and U+FFFF)
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;
// a half of a surrogate pair on its own is no character at all
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as an XML element's content: controls removed, at most `max` characters, escaped. */
export function feedText(text: string, max = Infinity): string {
  const clean = text.replace(NOT_XML, '').replace(LONE_SURROGATE, '').trim();
  const characters = Array.from(clean);
  const kept = characters.length > max ? characters.slice(0, max).join('').trimEnd() : clean;
  return kept
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A stored UPC, EAN or GTIN-14 whose check digit holds; null for anything else (never made up). */
export function feedGtin(code: string | null): string | null {
  const gtin = gtinOf(code);
  if (!gtin) return null;
  const digits = Array.from(gtin.value, Number);
  const check = digits.pop() ?? 0;
  // GS1: from the right, digits weigh 3, 1, 3, ...; the check digit rounds the sum up to a ten
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check ? gtin.value : null;
}

/**
 * Runs of pincodes (in ascending order, each one pincode or `from` to `to`) that share a value,
 * merged into Google's postal code ranges ('600001-600130', or one code); a run without a value
 * (no delivery there) breaks a range.
 */
export function postalCodeRanges<V>(
  runs: readonly { from: string; to?: string; value: V | null }[],
  same: (a: V, b: V) => boolean = (a, b) => a === b,
): { postalCode: string; value: V }[] {
  const merged: { from: string; to: string; value: V }[] = [];
  let open: { from: string; to: string; value: V } | null = null;
  for (const { from, to = from, value } of runs) {
    if (value === null) {
      open = null;
      continue;
    }
    if (open && same(open.value, value)) open.to = to;
    else {
      open = { from, to, value };
      merged.push(open);
    }
  }
  return merged.map((run) => ({
    postalCode: run.from === run.to ? run.from : `${run.from}-${run.to}`,
    value: run.value,
  }));
}

/**
 * Google's postal code ranges of every pincode's value (pincodes ascending, `valueAt` giving the
 * value of the pincode at an index, null where there is no delivery), at most `max` of them (the
 * nine groups by first digit always are, for any limit Google sets). Past
 * `max`, pincodes are taken together by their first 4 digits, then 3, 2 and 1: a group ships only
 * when every pincode in it does, at the highest of their values, so the feed never promises a
 * delivery the checkout refuses nor a charge lower than the checkout's.
 */
export function shippingRanges<V>(
  pincodes: readonly string[],
  valueAt: (index: number) => V | null,
  {
    max = FEED_SHIPPING_MAX,
    same,
    higher,
  }: { max?: number; same: (a: V, b: V) => boolean; higher: (a: V, b: V) => V },
): { postalCode: string; value: V }[] {
  const exact = postalCodeRanges(
    pincodes.map((pincode, index) => ({ from: pincode, value: valueAt(index) })),
    same,
  );
  if (exact.length <= max) return exact;
  for (const digits of [4, 3, 2, 1]) {
    const groups: { from: string; to: string; value: V | null; open: boolean }[] = [];
    pincodes.forEach((pincode, index) => {
      const last = groups.at(-1);
      const value = valueAt(index);
      if (last && last.from.slice(0, digits) === pincode.slice(0, digits)) {
        last.to = pincode;
        // one pincode without delivery closes its whole group
        if (!last.open || value === null) {
          last.open = false;
          last.value = null;
        } else if (last.value !== null) last.value = higher(last.value, value);
      } else groups.push({ from: pincode, to: pincode, value, open: value !== null });
    });
    const ranges = postalCodeRanges(groups, same);
    if (ranges.length <= max || digits === 1) return ranges;
  }
  return exact;
}

/** One shipping rate of an item: to the whole country (postalCode null) or to a range of pincodes. */
export type FeedShipping = { postalCode: string | null; service: string; pricePaise: number };

export type FeedItem = {
  id: string;
  title: string;
  description: string;
  /** absolute addresses */
  link: string;
  imageLink: string;
  stock: number;
  salePricePaise: number;
  mrpPaise: number;
  brand: string;
  upc: string | null;
  shipping: readonly FeedShipping[];
};

const element = (name: string, text: string) => `<g:${name}>${text}</g:${name}>`;

/** One product as an RSS `<item>` of Google's attributes. */
export function feedItemXml(item: FeedItem): string {
  const { price, salePrice } = feedPrices(item);
  const gtin = feedGtin(item.upc);
  const description = item.description.trim() === '' ? item.title : item.description;
  const lines = [
    element('id', feedText(item.id, 50)),
    element('title', feedText(item.title, FEED_TITLE_MAX)),
    element('description', feedText(description, FEED_DESCRIPTION_MAX)),
    element('link', feedText(item.link)),
    element('image_link', feedText(item.imageLink)),
    element('availability', feedAvailability(item.stock)),
    element('price', price),
    ...(salePrice ? [element('sale_price', salePrice)] : []),
    element('brand', feedText(item.brand, 70)),
    ...(gtin ? [element('gtin', gtin)] : []),
    element('condition', 'new'),
    ...item.shipping
      .slice(0, FEED_SHIPPING_MAX)
      .map(
        (rate) =>
          `<g:shipping>${element('country', 'IN')}${rate.postalCode ? element('postal_code', rate.postalCode) : ''}${element('service', feedText(rate.service))}${element('price', feedPrice(rate.pricePaise))}</g:shipping>`,
      ),
  ];
  return `<item>\n${lines.join('\n')}\n</item>\n`;
}

/** The RSS document's opening, up to its first item. */
export function feedHead(channel: { title: string; link: string; language: Language }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '<channel>',
    `<title>${feedText(channel.title)}</title>`,
    `<link>${feedText(channel.link)}</link>`,
    `<description>${feedText(channel.title)}</description>`,
    `<language>${LANGUAGE_LOCALES[channel.language]}</language>`,
    '',
  ].join('\n');
}

export const FEED_TAIL = '</channel>\n</rss>\n';
