import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  breadcrumbList,
  gtinOf,
  homeStructuredData,
  productStructuredData,
  schemaPrice,
  socialTags,
} from './structured-data.ts';

// requirements#seo: schema.org JSON-LD as Google's merchant listings and product snippets read it
const ORIGIN = 'https://bazaar.example';
const kurta = {
  name: 'Cotton Kurta </script><script>alert(1)</script>',
  description: 'A kurta',
  images: ['/media/kurta-1.webp', 'https://cdn.example/kurta-2.webp'],
  brand: 'Fabindia',
  upc: '8901234567890',
  trail: [
    { name: 'Fashion', path: '/categorylist/c/Fashion' },
    { name: 'Kurtas', path: '/categorylist/sc/Kurtas' },
  ],
  rating: { value: 4.26, count: 12 },
  offers: [
    { sellerName: 'Namma Bazaar', sku: 'KUR-1', pricePaise: 99_900, stock: 3 },
    { sellerName: 'Second Shop', sku: 'KUR-2', pricePaise: 1_04_950, stock: 0 },
  ],
  returnDays: 10,
};

describe('structured data', () => {
  it.each([
    ['/p', 'https://bazaar.example/p'],
    ['p', 'https://bazaar.example/p'],
    ['https://cdn.example/x.webp', 'https://cdn.example/x.webp'],
  ])('absoluteUrl(%s) is %s', (path, url) => expect(absoluteUrl(`${ORIGIN}/`, path)).toBe(url));

  it.each([
    [99_900, '999.00'],
    [1_04_950, '1049.50'],
    [1, '0.01'],
  ])('prices %i paise as %s rupees', (paise, text) => expect(schemaPrice(paise)).toBe(text));

  it.each([
    ['8901234567890', { key: 'gtin13', value: '8901234567890' }],
    ['012345678905', { key: 'gtin12', value: '012345678905' }],
    ['12345678', { key: 'gtin8', value: '12345678' }],
    ['123', null],
    ['ABC1234567890', null],
    [null, null],
  ])('reads the code %s as %o', (code, gtin) => expect(gtinOf(code)).toEqual(gtin));

  it('gives a product every property a merchant listing requires, one offer per seller', () => {
    const [product, crumbs] = productStructuredData(ORIGIN, kurta);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: kurta.name,
      url: 'https://bazaar.example/productdetails/Cotton%20Kurta%20%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      image: ['https://bazaar.example/media/kurta-1.webp', 'https://cdn.example/kurta-2.webp'],
      brand: { '@type': 'Brand', name: 'Fabindia' },
      gtin13: '8901234567890',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 12 },
    });
    const offers = product?.offers as Record<string, unknown>[];
    expect(offers).toHaveLength(2);
    expect(offers[0]).toMatchObject({
      '@type': 'Offer',
      price: '999.00',
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Organization', name: 'Namma Bazaar' },
      hasMerchantReturnPolicy: { merchantReturnDays: 10, applicableCountry: 'IN' },
    });
    expect(offers[1]).toMatchObject({ price: '1049.50', availability: 'https://schema.org/OutOfStock' });
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://bazaar.example/' },
        { position: 2, name: 'Fashion', item: 'https://bazaar.example/categorylist/c/Fashion' },
        { position: 3, name: 'Kurtas', item: 'https://bazaar.example/categorylist/sc/Kurtas' },
        { position: 4, name: kurta.name },
      ],
    });
  });

  it('gives no rating when nobody rated, a single offer as one object, and says when returns are not taken', () => {
    const [product] = productStructuredData(ORIGIN, {
      ...kurta,
      upc: null,
      rating: { value: 0, count: 0 },
      offers: [kurta.offers[0] as (typeof kurta.offers)[number]],
      returnDays: null,
    });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('gtin13');
    expect(product?.offers).toMatchObject({
      '@type': 'Offer',
      hasMerchantReturnPolicy: { returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' },
    });
  });

  it('gives the home page an Organization and a WebSite whose search is the shop’s', () => {
    const [organization, site] = homeStructuredData(ORIGIN, { name: 'Bazaar', logo: '/favicon.svg' });
    expect(organization).toMatchObject({ '@type': 'Organization', url: 'https://bazaar.example/' });
    expect(site).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://bazaar.example/searchpage/{search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('builds a listing’s breadcrumbs from Home', () => {
    expect(breadcrumbList(ORIGIN, [{ name: 'Fashion', path: '/categorylist/c/Fashion' }])).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home' },
        { position: 2, name: 'Fashion' },
      ],
    });
  });

  it('tells social sites the page’s title, description, address and image', () => {
    const tags = socialTags(ORIGIN, {
      title: 'Kurta',
      description: 'A kurta',
      path: '/productdetails/Kurta',
      image: '/media/k.webp',
      type: 'product',
    });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://bazaar.example/media/k.webp' });
    expect(tags).toContainEqual({
      property: 'og:url',
      content: 'https://bazaar.example/productdetails/Kurta',
    });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(socialTags(ORIGIN, { title: 't', description: 'd', path: '/', image: null })).toContainEqual({
      name: 'twitter:card',
      content: 'summary',
    });
  });
});
