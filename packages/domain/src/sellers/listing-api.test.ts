import { describe, expect, it } from 'vitest';
import {
  CONTENT_FORM_FIELDS,
  contentFromForm,
  type ContentFormValues,
  contentProblems,
  LISTING_MESSAGES,
  CreateProductInput,
  formFieldsOfApi,
  listingStatus,
  offerFromForm,
  offerProblems,
  offerToForm,
  type OfferFormValues,
  SellerListingDetail,
  type StoredOfferValues,
  type StoredProductContent,
  ProductContentInput,
} from './listing-api.ts';
import { OFFER_MESSAGES } from './offer-rules.ts';

const form: OfferFormValues = {
  sku: 'DM-1',
  price: '1,499.50',
  mrp: '1999',
  stock: '12',
  maxPerOrder: '5',
  dispatchDays: '2',
  warranty: '',
  parcelType: 'unit',
  weightGrams: '450',
  lengthCm: '20.5',
  widthCm: '10',
  heightCm: '8',
  codAllowed: 'on',
};

describe('offerFromForm', () => {
  it('reads rupees as typed to paise and round-trips to the form', () => {
    const parsed = offerFromForm(form);
    expect(parsed).toMatchObject({
      ok: true,
      value: { salePricePaise: 149_950, mrpPaise: 199_900, stock: 12, codAllowed: true },
    });
    if (parsed.ok)
      expect(offerToForm(parsed.value)).toMatchObject({ price: '1499.50', mrp: '1999', lengthCm: '20.5' });
  });

  it.each([
    [{ price: '2500' }, 'price', OFFER_MESSAGES.priceAboveMrp],
    [{ price: '12.345' }, 'price', OFFER_MESSAGES.price],
    [{ mrp: '=1+1' }, 'mrp', OFFER_MESSAGES.price],
    [{ stock: '-1' }, 'stock', OFFER_MESSAGES.stock],
    [{ stock: '2.5' }, 'stock', OFFER_MESSAGES.stock],
    [{ dispatchDays: '0' }, 'dispatchDays', undefined],
    [{ dispatchDays: '31' }, 'dispatchDays', undefined],
    [{ sku: '<b>' }, 'sku', OFFER_MESSAGES.sku],
    [{ lengthCm: '1e3' }, 'lengthCm', undefined],
    [{ parcelType: 'crate' }, 'parcelType', undefined],
    [{ weightGrams: '0' }, 'weightGrams', undefined],
  ])('%o is refused at %s', (change, field, message) => {
    const parsed = offerFromForm({ ...form, ...change });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.fields[field]).toBeDefined();
      if (message) expect(parsed.fields[field]).toBe(message);
    }
  });
});

const content: ContentFormValues = {
  title: '  <b>Acme</b>   Bottle ',
  bulletPoints: 'Cold for 24 hours\n\n Steel ',
  technicalDetails: 'Capacity: 1 litre',
  additionalInfo: '',
  hsnCode: '7323',
  countryOfOrigin: 'India',
  manufacturerName: 'Acme',
  manufacturerAddress: 'Chennai',
  packerName: '',
  packerAddress: '',
  importerName: '',
  importerAddress: '',
  netQuantity: '1 N',
  returnDays: '10',
  replaceDays: '0',
};

describe('contentFromForm', () => {
  it('takes no GST rate: the schedule gives it by HSN code, and a posted rate is dropped', () => {
    const parsed = ProductContentInput.safeParse({
      ...(contentFromForm(content, []) as { value: object }).value,
      gstRate: 28,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).not.toHaveProperty('gstRate');
    expect(CONTENT_FORM_FIELDS).not.toContain('gstRate');
  });

  it('keeps HTML as text, trims, splits lines', () => {
    expect(contentFromForm(content, [])).toMatchObject({
      ok: true,
      value: {
        title: '<b>Acme</b> Bottle',
        bulletPoints: ['Cold for 24 hours', 'Steel'],
        technicalDetails: [{ name: 'Capacity', value: ' 1 litre'.trim() }],
        returnDays: 10,
        replaceDays: 0,
      },
    });
  });

  it.each([
    [{ title: 'ab' }, 'title'],
    [{ title: 'x'.repeat(201) }, 'title'],
    [{ title: 'a\u0000bc' }, 'title'],
    [{ hsnCode: '12345' }, 'hsnCode'],
    [{ technicalDetails: 'no colon here' }, 'technicalDetails'],
    [{ bulletPoints: '' }, 'bulletPoints'],
    [{ countryOfOrigin: 'China' }, 'importerName'],
    [{ packerName: 'Only a name' }, 'packerName'],
    [{ manufacturerName: '' }, 'manufacturerName'],
    [{ returnDays: '5' }, 'returnDays'],
    [{ returnDays: '-7' }, 'returnDays'],
    [{ replaceDays: '31' }, 'replaceDays'],
    [{ replaceDays: 'ten' }, 'replaceDays'],
  ])('%o is refused at %s', (change, field) => {
    const parsed = contentFromForm({ ...content, ...change }, []);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fields[field]).toBeDefined();
  });
});

describe('the new-product contract', () => {
  it('takes 1 to 8 of the seller’s image paths only', () => {
    const path = '/media/catalog/sellers/4/0123456789abcdef0123-500.webp';
    const shape = CreateProductInput.shape.images;
    expect(shape.safeParse([path]).success).toBe(true);
    expect(shape.safeParse(Array(8).fill(path)).success).toBe(true);
    expect(shape.safeParse(Array(9).fill(path)).success).toBe(false);
    expect(shape.safeParse([]).success).toBe(false);
    expect(shape.safeParse(['/media/catalog/products/x.svg']).success).toBe(false);
    expect(shape.safeParse(['/media/catalog/sellers/4/../../x-500.webp']).success).toBe(false);
  });
});

describe('listingStatus', () => {
  it.each([
    [{ closedAt: new Date(), isActive: false, moderationStatus: 'approved' }, 'closed'],
    [{ closedAt: null, isActive: true, moderationStatus: 'pending' }, 'pending'],
    [{ closedAt: null, isActive: true, moderationStatus: 'rejected' }, 'rejected'],
    [{ closedAt: null, isActive: false, moderationStatus: 'approved' }, 'paused'],
    [{ closedAt: null, isActive: true, moderationStatus: 'approved' }, 'live'],
  ] as const)('%o → %s', (listing, status) => expect(listingStatus(listing)).toBe(status));
});

describe('formFieldsOfApi', () => {
  it('names the API’s paths as the form’s fields', () => {
    expect(formFieldsOfApi({ 'offer.salePricePaise': 'a', 'offer.sku': 'b', 'content.title': 'c' })).toEqual({
      price: 'a',
      sku: 'b',
      title: 'c',
    });
  });
});

describe('stored details a rule now refuses', () => {
  const stored: StoredOfferValues = {
    sku: 'DM-1',
    salePricePaise: 49_900,
    mrpPaise: 59_900,
    stock: 3,
    maxPerOrder: 5,
    dispatchDays: 2,
    warranty: '',
    parcelType: 'unit',
    weightGrams: 450,
    lengthCm: '20',
    widthCm: '10.5',
    heightCm: '8',
    codAllowed: true,
  };
  it.each([
    ['an offer that passes', {}, {}],
    ['a SKU with a space', { sku: 'DM 1' }, { sku: OFFER_MESSAGES.sku }],
    ['a price above the M.R.P.', { salePricePaise: 69_900 }, { price: OFFER_MESSAGES.priceAboveMrp }],
    ['dispatch days of 0', { dispatchDays: 0 }, { dispatchDays: LISTING_MESSAGES.dispatchDays }],
    ['a parcel type no longer offered', { parcelType: 'crate' }, { parcelType: 'Choose a parcel type.' }],
  ])('offerProblems: %s', (_name, change, problems) => {
    const offer = { ...stored, ...change };
    expect(SellerListingDetail.shape.offer.safeParse(offer).success).toBe(true);
    expect(offerProblems(offer)).toEqual(problems);
  });
  it('contentProblems names a packer without an address, and the listing contract still carries it', () => {
    const content: StoredProductContent = {
      title: 'Quillon Brass Lamp',
      bulletPoints: ['Hand cast'],
      technicalDetails: [],
      additionalInfo: '',
      attributes: [],
      hsnCode: '9405',
      countryOfOrigin: 'India',
      manufacturer: { name: 'Quillon Works', address: '4 Mill Road, Madurai 625001' },
      packer: { name: 'Quillon Packers', address: '' },
      importer: { name: '', address: '' },
      netQuantity: '1 N',
      returnDays: 10,
      replaceDays: 7,
    };
    expect(contentProblems(content)).toEqual({
      packerName: 'Give both the name and the address, or neither.',
    });
    expect(SellerListingDetail.shape.product.shape.content.safeParse(content).success).toBe(true);
  });
});
