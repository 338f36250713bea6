import { describe, expect, it } from 'vitest';
import {
  FEED_TAIL,
  feedAvailability,
  feedGtin,
  feedHead,
  feedItemXml,
  feedPrice,
  feedPrices,
  feedText,
  MERCHANT_FEED_FILE,
  merchantFeedFile,
  postalCodeRanges,
  shippingRanges,
} from './merchant-feed.ts';

// requirements#merchant-feed: Google's product data as the feed writes it
describe('feedPrice', () => {
  it.each([
    [0, '0.00 INR'],
    [1, '0.01 INR'],
    [99_900, '999.00 INR'],
    [1_23_456_78, '123456.78 INR'],
    [50, '0.50 INR'],
  ])('%i paise is %s', (paise, text) => expect(feedPrice(paise)).toBe(text));
});

describe('feedPrices', () => {
  it.each([
    [
      { salePricePaise: 79_900, mrpPaise: 99_900 },
      { price: '999.00 INR', salePrice: '799.00 INR' },
    ],
    [
      { salePricePaise: 99_900, mrpPaise: 99_900 },
      { price: '999.00 INR', salePrice: null },
    ],
    // an M.R.P. below the price is no discount: the price alone
    [
      { salePricePaise: 99_900, mrpPaise: 50_000 },
      { price: '999.00 INR', salePrice: null },
    ],
  ])('%o gives %o', (offer, prices) => expect(feedPrices(offer)).toEqual(prices));
});

describe('feedAvailability', () => {
  it.each([
    [0, 'out_of_stock'],
    [1, 'in_stock'],
    [500, 'in_stock'],
  ])('stock %i is %s', (stock, availability) => expect(feedAvailability(stock)).toBe(availability));
});

describe('feedText', () => {
  it.each([
    ['Tea & Biscuits <Gift>', 'Tea &amp; Biscuits &lt;Gift&gt;'],
    [`"Mom's" pick`, '&quot;Mom&apos;s&quot; pick'],
    ['Kurta\u0000 \u0007Blue\u001f\u007f', 'Kurta Blue'],
    ['Lamp \ud800 lone', 'Lamp  lone'],
    ['Diya 🪔 set', 'Diya 🪔 set'],
    ['साड़ी & दुपट्टा', 'साड़ी &amp; दुपट्टा'],
    ['  padded\n', 'padded'],
    ['line\nbreak\tand tab', 'line\nbreak\tand tab'],
  ])('%j becomes %j', (text, xml) => expect(feedText(text)).toBe(xml));

  it.each([
    ['abcdef', 3, 'abc'],
    ['🪔🪔🪔🪔', 2, '🪔🪔'],
    ['a&b', 2, 'a&amp;'],
    ['ab ', 3, 'ab'],
  ])('%j cut to %i characters is %j (whole characters, cut before escaping)', (text, max, xml) =>
    expect(feedText(text, max)).toBe(xml),
  );
});

describe('feedGtin', () => {
  it.each([
    ['8901234567890', '8901234567890'], // EAN-13, check digit holds
    ['8901234567892', null], // a wrong check digit
    ['036000291452', '036000291452'], // UPC-A
    ['96385074', '96385074'], // EAN-8
    [' 8901234567890 ', '8901234567890'],
    ['ABC123', null],
    ['12345', null],
    ['', null],
    [null, null],
  ])('%j is %j', (code, gtin) => expect(feedGtin(code)).toBe(gtin));
});

describe('postalCodeRanges', () => {
  it.each([
    [[], []],
    [[{ from: '600001', value: 40 }], [{ postalCode: '600001', value: 40 }]],
    [
      [
        { from: '600001', value: 40 },
        { from: '600002', value: 40 },
        { from: '600100', value: 40 },
        { from: '600101', value: 60 },
        { from: '600102', value: null },
        { from: '600103', value: 60 },
        { from: '600104', to: '600200', value: 60 },
      ],
      [
        { postalCode: '600001-600100', value: 40 },
        { postalCode: '600101', value: 60 },
        { postalCode: '600103-600200', value: 60 },
      ],
    ],
  ])('%j runs as %j', (pincodes, ranges) =>
    expect(postalCodeRanges<number>(pincodes as { from: string; value: number | null }[])).toEqual(ranges),
  );
});

describe('shippingRanges', () => {
  const pincodes = ['600001', '600002', '600003', '600101', '600102', '601001', '601002', '700001'];
  const options = (max: number) => ({ max, same: (a: number, b: number) => a === b, higher: Math.max });
  it.each([
    // within the limit: exact runs
    [
      [40, 40, 40, 60, 60, 80, 80, 90],
      10,
      ['600001-600003:40', '600101-600102:60', '601001-601002:80', '700001:90'],
    ],
    // past it: by four digits, each group at its highest charge
    [[40, 60, 40, 60, 40, 80, 80, 90], 3, ['600001-600102:60', '601001-601002:80', '700001:90']],
    // a group with a pincode it cannot reach is left out whole
    [[40, 60, 40, 60, 40, null, 80, 90], 3, ['600001-600102:60', '700001:90']],
    // down to three digits, then two
    [[40, 60, 40, 60, 40, 80, 80, 90], 2, ['600001-601002:80', '700001:90']],
    [[40, 60, 40, 60, 40, 80, 80, 90], 1, ['600001-601002:80', '700001:90']],
  ])('%j within %i ranges: %j', (values, max, ranges) =>
    expect(
      shippingRanges(pincodes, (index) => values[index] ?? null, options(max)).map(
        (range) => `${range.postalCode}:${range.value}`,
      ),
    ).toEqual(ranges),
  );
});

describe('file names', () => {
  it.each([
    ['en', 'google-merchant.xml'],
    ['hi', 'google-merchant-hi.xml'],
    ['ta', 'google-merchant-ta.xml'],
    ['te', 'google-merchant-te.xml'],
  ] as const)('%s is %s', (language, file) => {
    expect(merchantFeedFile(language)).toBe(file);
    expect(MERCHANT_FEED_FILE.test(file)).toBe(true);
  });
  it.each(['google-merchant-xx.xml', '../google-merchant.xml', 'google-merchant.xml.bak', 'sitemap.xml'])(
    '%s is no feed',
    (file) => expect(MERCHANT_FEED_FILE.test(file)).toBe(false),
  );
});

describe('feedItemXml', () => {
  const item = {
    id: '42',
    title: 'Steel <Tiffin> & Box',
    description: '',
    link: 'https://bazaar.example/hi/productdetails/Steel%20Tiffin',
    imageLink: 'https://bazaar.example/media/tiffin.webp',
    stock: 0,
    salePricePaise: 45_000,
    mrpPaise: 60_000,
    brand: 'Milton',
    upc: '8901234567890',
    shipping: [
      { postalCode: '600001-600130', service: 'Standard Delivery', pricePaise: 4_000 },
      { postalCode: null, service: 'Standard Delivery', pricePaise: 8_000 },
    ],
  };

  it('carries every attribute Google asks for, escaped, the title standing in for an empty description', () => {
    expect(feedItemXml(item)).toBe(
      [
        '<item>',
        '<g:id>42</g:id>',
        '<g:title>Steel &lt;Tiffin&gt; &amp; Box</g:title>',
        '<g:description>Steel &lt;Tiffin&gt; &amp; Box</g:description>',
        '<g:link>https://bazaar.example/hi/productdetails/Steel%20Tiffin</g:link>',
        '<g:image_link>https://bazaar.example/media/tiffin.webp</g:image_link>',
        '<g:availability>out_of_stock</g:availability>',
        '<g:price>600.00 INR</g:price>',
        '<g:sale_price>450.00 INR</g:sale_price>',
        '<g:brand>Milton</g:brand>',
        '<g:gtin>8901234567890</g:gtin>',
        '<g:condition>new</g:condition>',
        '<g:shipping><g:country>IN</g:country><g:postal_code>600001-600130</g:postal_code><g:service>Standard Delivery</g:service><g:price>40.00 INR</g:price></g:shipping>',
        '<g:shipping><g:country>IN</g:country><g:service>Standard Delivery</g:service><g:price>80.00 INR</g:price></g:shipping>',
        '</item>',
        '',
      ].join('\n'),
    );
  });

  it('leaves out a sale price with no discount and a GTIN that is not one', () => {
    const xml = feedItemXml({ ...item, mrpPaise: 45_000, upc: '1234', stock: 3 });
    expect(xml).toContain('<g:price>450.00 INR</g:price>');
    expect(xml).not.toContain('sale_price');
    expect(xml).not.toContain('gtin');
    expect(xml).toContain('<g:availability>in_stock</g:availability>');
  });

  it('opens and closes an RSS 2.0 document in the g: namespace, in the language', () => {
    const head = feedHead({ title: 'bazaar.in & co', link: 'https://bazaar.example/ta', language: 'ta' });
    expect(head).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
    );
    expect(head).toContain('<title>bazaar.in &amp; co</title>');
    expect(head).toContain('<language>ta-IN</language>');
    expect(FEED_TAIL).toBe('</channel>\n</rss>\n');
  });
});
