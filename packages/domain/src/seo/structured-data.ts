// requirements#seo: what search engines read of a page, as schema.org JSON-LD (Google's merchant
// listing and product snippet properties: name, image, offers with price, priceCurrency and
// availability; brand, gtin, aggregateRating; a BreadcrumbList; Organization and WebSite with a
// SearchAction on the home page). Pure: the page passes its data and the site's origin.

export type StructuredData = Record<string, unknown>;

/** A path made absolute on the site's origin ('https://bazaar.example'). */
export const absoluteUrl = (origin: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;

/** The one address of a product, whichever path or query reached it. */
export const productPath = (name: string) => `/productdetails/${encodeURIComponent(name)}`;

/** Paise as schema.org's price text: rupees with two decimals, no grouping ('1234.50'). */
export const schemaPrice = (paise: number) => (paise / 100).toFixed(2);

/** A UPC, EAN or GTIN-14 as schema.org names it by its length; null for anything else. */
export function gtinOf(
  code: string | null,
): { key: 'gtin8' | 'gtin12' | 'gtin13' | 'gtin14'; value: string } | null {
  const digits = code?.trim() ?? '';
  if (!/^\d+$/.test(digits)) return null;
  const key = ({ 8: 'gtin8', 12: 'gtin12', 13: 'gtin13', 14: 'gtin14' } as const)[digits.length];
  return key ? { key, value: digits } : null;
}

export type ProductFacts = {
  name: string;
  description: string;
  images: string[];
  brand: string;
  upc: string | null;
  /** the categories above the product, top level first */
  trail: { name: string; path: string }[];
  /** average stars (1–5) and how many rated; no rating is given when none did */
  rating: { value: number; count: number };
  /** each seller's offer, the chosen one first */
  offers: { sellerName: string; sku: string; pricePaise: number; stock: number }[];
  returnDays: number | null;
};

const HOME = (origin: string) => ({ name: 'Home', item: absoluteUrl(origin, '/') });

/** A BreadcrumbList of named pages, each position counted from 1. */
export function breadcrumbList(origin: string, crumbs: { name: string; path: string }[]): StructuredData {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      HOME(origin),
      ...crumbs.map((c) => ({ name: c.name, item: absoluteUrl(origin, c.path) })),
    ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  };
}

/** The product page's Product, with one Offer per seller, and its BreadcrumbList. */
export function productStructuredData(origin: string, product: ProductFacts): StructuredData[] {
  const url = absoluteUrl(origin, productPath(product.name));
  const gtin = gtinOf(product.upc);
  const offers = product.offers.map((offer) => ({
    '@type': 'Offer',
    url,
    sku: offer.sku,
    price: schemaPrice(offer.pricePaise),
    priceCurrency: 'INR',
    availability: offer.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: offer.sellerName },
    ...(product.returnDays !== null
      ? {
          hasMerchantReturnPolicy: {
            '@type': 'MerchantReturnPolicy',
            applicableCountry: 'IN',
            returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
            merchantReturnDays: product.returnDays,
            returnMethod: 'https://schema.org/ReturnByMail',
            returnFees: 'https://schema.org/FreeReturn',
          },
        }
      : {
          hasMerchantReturnPolicy: {
            '@type': 'MerchantReturnPolicy',
            applicableCountry: 'IN',
            returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
          },
        }),
  }));
  const item: StructuredData = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    image: product.images.map((image) => absoluteUrl(origin, image)),
    description: product.description,
    brand: { '@type': 'Brand', name: product.brand },
    ...(gtin ? { [gtin.key]: gtin.value } : {}),
    ...(product.offers[0] ? { sku: product.offers[0].sku } : {}),
    ...(product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(product.rating.value * 10) / 10,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(offers.length === 1 ? { offers: offers[0] } : offers.length > 1 ? { offers } : {}),
  };
  return [
    item,
    breadcrumbList(origin, [...product.trail, { name: product.name, path: productPath(product.name) }]),
  ];
}

/** The home page's Organization and WebSite, whose SearchAction is the shop's search page. */
export function homeStructuredData(origin: string, site: { name: string; logo: string }): StructuredData[] {
  const home = absoluteUrl(origin, '/');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site.name,
      url: home,
      logo: absoluteUrl(origin, site.logo),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.name,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: absoluteUrl(origin, '/searchpage/{search_term_string}'),
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** Open Graph and Twitter card tags of a page: title, description, its one address and an image. */
export function socialTags(
  origin: string,
  page: {
    title: string;
    description: string;
    path: string;
    image: string | null;
    type?: 'website' | 'product';
  },
): { property?: string; name?: string; content: string }[] {
  const image = page.image ? absoluteUrl(origin, page.image) : null;
  return [
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: 'bazaar.in' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: absoluteUrl(origin, page.path) },
    { property: 'og:locale', content: 'en_IN' },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ];
}

/** requirements#seo: a page's one address as an HTTP `Link` header (RFC 8288), which search engines read like the tag. */
export const canonicalLinkHeader = (origin: string, path: string) =>
  `<${absoluteUrl(origin, path)}>; rel="canonical"`;
