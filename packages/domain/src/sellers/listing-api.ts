// requirements#seller-listings: one contract for a seller's listings, read by the API and by the
// Seller Central forms (STYLE.md habit 14). A form's text fields go through `offerFromForm` /
// `productFromForm` (rupees as typed to paise, whole numbers), the API validates `OfferInput` /
// `ProductInput`, and both apply the offer rules of offer-rules.ts.
import { z } from 'zod';
import {
  OFFER_LIMITS,
  OFFER_MESSAGES,
  parseStock,
  priceStockProblem,
  rupeesToPaise,
  SKU_PATTERN,
} from './offer-rules.ts';
import { PRODUCT_REVISION_STATUSES } from './statuses.ts';

export const LISTING_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  bulletPoints: 10,
  bulletMax: 300,
  technicalDetails: 30,
  detailNameMax: 60,
  detailValueMax: 200,
  additionalInfoMax: 2000,
  attributes: 20,
  attributeMax: 60,
  images: 8,
  imageBytes: 5 * 1024 * 1024,
  warrantyMax: 200,
  partyNameMax: 120,
  partyAddressMax: 300,
  countryMax: 60,
  netQuantityMax: 60,
  variantLabelMax: 30,
  variantValueMax: 60,
  maxWeightGrams: 1_000_000,
  maxSideCm: 500,
  searchMax: 100,
  pageSize: 20,
} as const;

export const LISTING_MESSAGES = {
  notFound: 'No such listing.',
  productNotFound: 'No such product.',
  alreadySelling: 'You already sell this product. Edit your listing instead.',
  duplicateSku: 'You already use this SKU on another listing.',
  duplicateTitle: 'A product with this title is already in the catalog. Sell it from “Sell this product”.',
  categoryNotAllowed: 'You are not registered to sell in this category.',
  notLeafCategory: 'Choose a category of the last level.',
  unknownBrand: 'Choose a brand from the list.',
  unknownGroup: 'Choose one of your own variant groups.',
  unknownImage: 'Upload the images again: one of them is not yours or no longer exists.',
  attributeValue: 'Choose one of the values offered for this attribute.',
  closed: 'This listing is closed and cannot change.',
  notOwnProduct: 'Only the seller who added this product can edit its details.',
  productNotSellable: 'This product is not on sale in the catalog.',
  imageType: 'Upload a JPEG, PNG, WebP or AVIF image.',
  imageTooLarge: 'An image can be at most 5 MB.',
  images: 'Add 1 to 8 images.',
  title: `Enter a title of ${3} to ${200} characters.`,
  text: 'Remove control characters from this text.',
  maxPerOrder: `Enter a maximum per order from 1 to ${OFFER_LIMITS.maxPerOrder}.`,
  dispatchDays: `Enter dispatch days from ${OFFER_LIMITS.minDispatchDays} to ${OFFER_LIMITS.maxDispatchDays}.`,
  weight: 'Enter the packed weight in grams, 1 to 10,00,000.',
  dimension: 'Enter a size in cm from 0.1 to 500, at most one decimal.',
  hsn: 'Enter an HSN code of 4, 6 or 8 digits.',
  paused: 'Listing paused. Shoppers no longer see your offer.',
  resumed: 'Listing resumed. Shoppers see your offer again.',
  closedDone: 'Listing closed. It never sells again.',
  saved: 'Listing saved.',
  fixFirst:
    'Some stored details break listing rules added since they were saved. The fields marked below need a change before this listing can be saved.',
  sentToModeration: 'Saved. The product waits for moderation before shoppers see it.',
  // requirements#operator-catalog: an approved product's edit waits; the shop keeps the approved content
  editSentToModeration:
    'Saved. Your edit waits for moderation; shoppers see the approved details until it is approved.',
  editWithdrawn:
    'Saved. Your product’s details are as approved; the edit waiting for moderation is withdrawn.',
  created: 'Listing created. Shoppers see it now.',
  productCreated: 'Product submitted. It goes live when moderation approves it.',
} as const;

// what a seller types: no NUL or other control characters (tab and newline only where lines are allowed)
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;

/** One line of text, trimmed, at most `max` characters, no control characters. */
const line = (max: number, message: string, min = 1) =>
  z
    .string({ error: message })
    .transform((text) => text.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(min, message)
        .max(max, message)
        .refine((text) => !LINE_CONTROL.test(text), LISTING_MESSAGES.text),
    );
const optionalLine = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform((text) => text.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .max(max, message)
        .refine((text) => !LINE_CONTROL.test(text), LISTING_MESSAGES.text),
    );
const paragraph = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(max, message)
        .refine((text) => !CONTROL.test(text), LISTING_MESSAGES.text),
    );

/**
 * requirements#seller-listings: the return and replacement windows a seller may give a product,
 * in days from delivery (0: none). The product page shows them and the shopper's item keeps them.
 */
export const AFTER_SALES_WINDOW_DAYS = [0, 7, 10, 15, 30] as const;
const windowDays = (message: string) =>
  z
    .number({ error: message })
    .refine((days) => (AFTER_SALES_WINDOW_DAYS as readonly number[]).includes(days), message)
    .default(0);

export const PARCEL_TYPE_OPTIONS = [
  { value: 'unit', label: 'Per unit (each unit its own parcel)' },
  { value: 'order', label: 'Per order (one parcel for the order)' },
  { value: 'gram', label: 'By weight' },
] as const;
const PARCEL_TYPE_VALUES = ['unit', 'order', 'gram'] as const;

/** A size in cm with at most one decimal, as text (the database keeps it as numeric(8,1)). */
const Dimension = z
  .string({ error: LISTING_MESSAGES.dimension })
  .regex(/^\d{1,3}(\.\d)?$/, LISTING_MESSAGES.dimension)
  .refine(
    (text) => Number(text) >= 0.1 && Number(text) <= LISTING_LIMITS.maxSideCm,
    LISTING_MESSAGES.dimension,
  );

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** requirements#seller-listings: a seller's offer as the API takes it: money in paise. */
export const OfferInput = z
  .object({
    sku: z.string({ error: OFFER_MESSAGES.sku }).trim().regex(SKU_PATTERN, OFFER_MESSAGES.sku),
    salePricePaise: z.number({ error: OFFER_MESSAGES.price }).int(OFFER_MESSAGES.price),
    mrpPaise: z.number({ error: OFFER_MESSAGES.price }).int(OFFER_MESSAGES.price),
    stock: z.number({ error: OFFER_MESSAGES.stock }).int(OFFER_MESSAGES.stock),
    maxPerOrder: whole(1, OFFER_LIMITS.maxPerOrder, LISTING_MESSAGES.maxPerOrder),
    dispatchDays: whole(
      OFFER_LIMITS.minDispatchDays,
      OFFER_LIMITS.maxDispatchDays,
      LISTING_MESSAGES.dispatchDays,
    ),
    warranty: optionalLine(
      LISTING_LIMITS.warrantyMax,
      `Keep the warranty to ${LISTING_LIMITS.warrantyMax} characters.`,
    ),
    parcelType: z.enum(PARCEL_TYPE_VALUES, { error: 'Choose a parcel type.' }),
    weightGrams: whole(1, LISTING_LIMITS.maxWeightGrams, LISTING_MESSAGES.weight),
    lengthCm: Dimension,
    widthCm: Dimension,
    heightCm: Dimension,
    codAllowed: z.boolean({ error: 'Say whether Cash on Delivery is allowed.' }),
  })
  .superRefine((offer, ctx) => {
    const problem = priceStockProblem(offer);
    if (!problem) return;
    const field =
      problem === OFFER_MESSAGES.priceAboveMrp
        ? 'salePricePaise'
        : problem === OFFER_MESSAGES.stock || problem === OFFER_MESSAGES.stockTooHigh
          ? 'stock'
          : 'salePricePaise';
    ctx.addIssue({ code: 'custom', path: [field], message: problem });
  })
  .meta({ id: 'SellerOfferInput' });
export type OfferInput = z.infer<typeof OfferInput>;

/**
 * An offer's fields as stored: the shape alone, without today's rules, so an edit page shows an
 * offer saved under older rules rather than failing to load (offerProblems says what to fix).
 */
export const StoredOfferValues = z
  .object({
    sku: z.string(),
    salePricePaise: z.number().int(),
    mrpPaise: z.number().int(),
    stock: z.number().int(),
    maxPerOrder: z.number().int(),
    dispatchDays: z.number().int(),
    warranty: z.string(),
    parcelType: z.string(),
    weightGrams: z.number().int(),
    lengthCm: z.string(),
    widthCm: z.string(),
    heightCm: z.string(),
    codAllowed: z.boolean(),
  })
  .meta({ id: 'SellerOfferValues' });
export type StoredOfferValues = z.infer<typeof StoredOfferValues>;

/** "Sell this product": an offer on a catalog product. */
export const CreateListingInput = z
  .object({
    productId: z.number({ error: LISTING_MESSAGES.productNotFound }).int().positive(),
    offer: OfferInput,
  })
  .meta({ id: 'SellerCreateListingInput' });
export type CreateListingInput = z.infer<typeof CreateListingInput>;

/** A party of the Legal Metrology declaration: name and address. */
const Party = z.object({
  name: line(LISTING_LIMITS.partyNameMax, `Enter a name of up to ${LISTING_LIMITS.partyNameMax} characters.`),
  address: line(
    LISTING_LIMITS.partyAddressMax,
    `Enter an address of up to ${LISTING_LIMITS.partyAddressMax} characters.`,
  ),
});
const OptionalParty = z
  .object({
    name: optionalLine(
      LISTING_LIMITS.partyNameMax,
      `Keep the name to ${LISTING_LIMITS.partyNameMax} characters.`,
    ),
    address: optionalLine(
      LISTING_LIMITS.partyAddressMax,
      `Keep the address to ${LISTING_LIMITS.partyAddressMax} characters.`,
    ),
  })
  .refine((party) => (party.name === '') === (party.address === ''), {
    message: 'Give both the name and the address, or neither.',
    path: ['name'],
  });

/**
 * The product's content: what moderation looks at. requirements#gst-tax: no GST rate: the rate
 * comes from the schedule by HSN code and day (ADR 0041); a `gstRate` still posted is dropped.
 */
export const ProductContentInput = z
  .object({
    title: line(LISTING_LIMITS.titleMax, LISTING_MESSAGES.title, LISTING_LIMITS.titleMin),
    bulletPoints: z
      .array(
        line(LISTING_LIMITS.bulletMax, `A bullet point has up to ${LISTING_LIMITS.bulletMax} characters.`),
      )
      .min(1, 'Add at least one bullet point.')
      .max(LISTING_LIMITS.bulletPoints, `Add at most ${LISTING_LIMITS.bulletPoints} bullet points.`),
    technicalDetails: z
      .array(
        z.object({
          name: line(
            LISTING_LIMITS.detailNameMax,
            `A detail’s name has up to ${LISTING_LIMITS.detailNameMax} characters.`,
          ),
          value: line(
            LISTING_LIMITS.detailValueMax,
            `A detail’s value has up to ${LISTING_LIMITS.detailValueMax} characters.`,
          ),
        }),
      )
      .max(
        LISTING_LIMITS.technicalDetails,
        `Add at most ${LISTING_LIMITS.technicalDetails} technical details.`,
      ),
    additionalInfo: paragraph(
      LISTING_LIMITS.additionalInfoMax,
      `Keep additional information to ${LISTING_LIMITS.additionalInfoMax} characters.`,
    ),
    attributes: z
      .array(
        z.object({
          name: line(LISTING_LIMITS.attributeMax, LISTING_MESSAGES.attributeValue),
          value: line(LISTING_LIMITS.attributeMax, LISTING_MESSAGES.attributeValue),
        }),
      )
      .max(LISTING_LIMITS.attributes, LISTING_MESSAGES.attributeValue),
    hsnCode: z
      .string({ error: LISTING_MESSAGES.hsn })
      .trim()
      .regex(/^\d{4}(\d{2}){0,2}$/, LISTING_MESSAGES.hsn),
    countryOfOrigin: line(LISTING_LIMITS.countryMax, 'Enter the country of origin.'),
    manufacturer: Party,
    packer: OptionalParty,
    importer: OptionalParty,
    netQuantity: line(LISTING_LIMITS.netQuantityMax, 'Enter the net quantity, like “1 N” or “500 g”.'),
    returnDays: windowDays('Choose a return window from the list.'),
    replaceDays: windowDays('Choose a replacement window from the list.'),
  })
  .refine((product) => product.countryOfOrigin.toLowerCase() === 'india' || product.importer.name !== '', {
    message: 'An imported product names its importer.',
    path: ['importer'],
  });
export type ProductContentInput = z.infer<typeof ProductContentInput>;

const StoredParty = z.object({ name: z.string(), address: z.string() });
/**
 * A product's content as it is stored: the shape alone, without today's form rules. A page shows
 * what the database holds even when a rule added later would refuse it (contentProblems says what
 * to fix), rather than failing to load.
 */
export const StoredProductContent = z
  .object({
    title: z.string(),
    bulletPoints: z.array(z.string()),
    technicalDetails: z.array(z.object({ name: z.string(), value: z.string() })),
    additionalInfo: z.string(),
    attributes: z.array(z.object({ name: z.string(), value: z.string() })),
    hsnCode: z.string(),
    countryOfOrigin: z.string(),
    manufacturer: StoredParty,
    packer: StoredParty,
    importer: StoredParty,
    netQuantity: z.string(),
    returnDays: z.number(),
    replaceDays: z.number(),
  })
  .meta({ id: 'StoredProductContent' });
export type StoredProductContent = z.infer<typeof StoredProductContent>;

/** Variants: none, a new group with its variant label (Colour, Size), or one of the seller's groups. */
export const VariantInput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({
    mode: z.literal('new'),
    label: line(LISTING_LIMITS.variantLabelMax, 'Name the variant, like Colour or Size.'),
    value: line(LISTING_LIMITS.variantValueMax, 'Enter this product’s variant, like Blue or XL.'),
  }),
  z.object({
    mode: z.literal('join'),
    groupId: z.number({ error: LISTING_MESSAGES.unknownGroup }).int().positive(LISTING_MESSAGES.unknownGroup),
    value: line(LISTING_LIMITS.variantValueMax, 'Enter this product’s variant, like Blue or XL.'),
  }),
]);
export type VariantInput = z.infer<typeof VariantInput>;

/** An image the seller uploaded for a product: its public path, as the upload answered it. */
export const ProductImagePath = z
  .string()
  .regex(/^\/media\/catalog\/sellers\/\d{1,10}\/[0-9a-f]{20}-500\.webp$/, LISTING_MESSAGES.unknownImage);

/** "Add a new product": the product in a leaf category with the seller's own offer on it. */
export const CreateProductInput = z
  .object({
    categoryId: z
      .number({ error: LISTING_MESSAGES.notLeafCategory })
      .int()
      .positive(LISTING_MESSAGES.notLeafCategory),
    brandId: z.number({ error: LISTING_MESSAGES.unknownBrand }).int().positive(LISTING_MESSAGES.unknownBrand),
    content: ProductContentInput,
    variant: VariantInput,
    images: z
      .array(ProductImagePath)
      .min(1, LISTING_MESSAGES.images)
      .max(LISTING_LIMITS.images, LISTING_MESSAGES.images),
    offer: OfferInput,
  })
  .meta({ id: 'SellerCreateProductInput' });
export type CreateProductInput = z.infer<typeof CreateProductInput>;

/** Editing a listing: the offer always; the product's content only for the seller's own product. */
export const UpdateListingInput = z
  .object({ offer: OfferInput, content: ProductContentInput.optional() })
  .meta({ id: 'SellerUpdateListingInput' });
export type UpdateListingInput = z.infer<typeof UpdateListingInput>;

export const LISTING_STATUSES = ['live', 'paused', 'pending', 'rejected', 'closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** What a listing's state reads as to its seller: closed, then the product's moderation, then paused. */
export function listingStatus(listing: {
  closedAt: unknown;
  isActive: boolean;
  moderationStatus: string;
}): ListingStatus {
  if (listing.closedAt) return 'closed';
  if (listing.moderationStatus === 'pending') return 'pending';
  if (listing.moderationStatus === 'rejected') return 'rejected';
  return listing.isActive ? 'live' : 'paused';
}

export const SellerListing = z
  .object({
    offerId: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    productImage: z.string(),
    productUrl: z.string(),
    sku: z.string(),
    salePricePaise: z.number().int(),
    mrpPaise: z.number().int(),
    stock: z.number().int(),
    status: z.enum(LISTING_STATUSES),
    moderationReason: z.string().nullable(),
    isOwnProduct: z.boolean(),
  })
  .meta({ id: 'SellerListing' });
export type SellerListing = z.infer<typeof SellerListing>;

export const SellerListingsPage = z
  .object({
    listings: z.array(SellerListing),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    q: z.string(),
  })
  .meta({ id: 'SellerListingsPage' });
export type SellerListingsPage = z.infer<typeof SellerListingsPage>;

export const ListingsQuery = z.object({
  q: z
    .string()
    .max(LISTING_LIMITS.searchMax, `Search with up to ${LISTING_LIMITS.searchMax} characters.`)
    .default(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** One listing as its edit form shows it. */
export const SellerListingDetail = z
  .object({
    listing: SellerListing,
    /** the offer as stored, even where today's rules would refuse it (offerProblems says what to fix) */
    offer: StoredOfferValues,
    product: z.object({
      categoryPath: z.string(),
      brandName: z.string(),
      images: z.array(z.string()),
      moderationStatus: z.string(),
      gstToday: z
        .object({
          rateBp: z.number().int(),
          thresholdPaise: z.number().int().nullable(),
          rateAboveBp: z.number().int().nullable(),
        })
        .nullable()
        .meta({
          description:
            'requirements#gst-tax: the GST rate the schedule gives the product’s HSN code today (derived, never typed); null when it has none',
        }),
      content: StoredProductContent.nullable().meta({
        description:
          'The product’s editable content as stored (even where a rule added since would refuse it): only for the seller that added the product; its edit waiting for moderation when there is one',
      }),
      /** requirements#operator-catalog: the latest edit of the approved product, for its seller only */
      revision: z
        .object({
          status: z.enum(PRODUCT_REVISION_STATUSES),
          reason: z.string().nullable(),
          submittedAt: z.string(),
          decidedAt: z.string().nullable(),
        })
        .nullable(),
    }),
  })
  .meta({ id: 'SellerListingDetail' });
export type SellerListingDetail = z.infer<typeof SellerListingDetail>;

export const ListingChanged = z
  .object({
    success: z.literal(true),
    message: z.string(),
    offerId: z.number().int(),
    status: z.enum(LISTING_STATUSES),
  })
  .meta({ id: 'SellerListingChanged' });
export type ListingChanged = z.infer<typeof ListingChanged>;

export const ProductCreated = z
  .object({
    success: z.literal(true),
    message: z.string(),
    productId: z.number().int(),
    offerId: z.number().int(),
    status: z.enum(LISTING_STATUSES),
  })
  .meta({ id: 'SellerProductCreated' });
export type ProductCreated = z.infer<typeof ProductCreated>;

export const ProductImageUploaded = z
  .object({
    path: ProductImagePath,
    sizes: z
      .record(z.string(), z.string())
      .meta({ description: 'The image at each width the shop shows (px → path)' }),
  })
  .meta({ id: 'SellerProductImage' });
export type ProductImageUploaded = z.infer<typeof ProductImageUploaded>;

/** Catalog products a seller may sell: found by name, with whether it sells each already. */
export const CatalogMatches = z
  .object({
    q: z.string(),
    products: z.array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        image: z.string(),
        brandName: z.string(),
        categoryName: z.string(),
        lowestPricePaise: z.number().int().nullable(),
        offerCount: z.number().int(),
        isSoldByYou: z.boolean(),
        isAllowed: z.boolean().meta({ description: 'In a category the seller registered for' }),
      }),
    ),
  })
  .meta({ id: 'SellerCatalogMatches' });
export type CatalogMatches = z.infer<typeof CatalogMatches>;

/** What the new-product form offers: the seller's leaf categories, brands, the category's attributes and the seller's groups. */
export const ProductFormOptions = z
  .object({
    categories: z.array(z.object({ id: z.number().int(), path: z.array(z.string()) })),
    brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
    attributes: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    groups: z.array(z.object({ id: z.number().int(), name: z.string(), label: z.string() })),
  })
  .meta({ id: 'SellerProductFormOptions' });
export type ProductFormOptions = z.infer<typeof ProductFormOptions>;

// ---------------------------------------------------------------------------------------------
// Forms: text fields as posted, to the API's inputs

export const OFFER_FORM_FIELDS = [
  'sku',
  'price',
  'mrp',
  'stock',
  'maxPerOrder',
  'dispatchDays',
  'warranty',
  'parcelType',
  'weightGrams',
  'lengthCm',
  'widthCm',
  'heightCm',
  'codAllowed',
] as const;
export type OfferFormValues = Record<(typeof OFFER_FORM_FIELDS)[number], string>;

type Parsed<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

// a form field's name for each API path: errors show next to what the seller typed
const FORM_NAME: Record<string, string> = { salePricePaise: 'price', mrpPaise: 'mrp' };

function firstIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = '') {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const head = path[0] === 'offer' ? path[1] : path[0] === 'content' ? path[1] : path[0];
    const key = prefix + (FORM_NAME[head ?? ''] ?? head ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}

const wholeOrNaN = (text: string) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : Number.NaN);

/** The offer form's fields to the API's offer, with the seller's words for what is wrong. */
export function offerFromForm(form: OfferFormValues): Parsed<OfferInput> {
  const salePricePaise = rupeesToPaise(form.price);
  const mrpPaise = rupeesToPaise(form.mrp);
  const stock = parseStock(form.stock);
  const fields: Record<string, string> = {};
  if (salePricePaise === null) fields.price = OFFER_MESSAGES.price;
  if (mrpPaise === null) fields.mrp = OFFER_MESSAGES.price;
  if (stock === null) fields.stock = OFFER_MESSAGES.stock;
  const parsed = OfferInput.safeParse({
    sku: form.sku,
    salePricePaise: salePricePaise ?? 1,
    mrpPaise: mrpPaise ?? Math.max(salePricePaise ?? 1, 1),
    stock: stock ?? 0,
    maxPerOrder: wholeOrNaN(form.maxPerOrder),
    dispatchDays: wholeOrNaN(form.dispatchDays),
    warranty: form.warranty,
    parcelType: form.parcelType,
    weightGrams: wholeOrNaN(form.weightGrams),
    lengthCm: form.lengthCm.trim(),
    widthCm: form.widthCm.trim(),
    heightCm: form.heightCm.trim(),
    codAllowed: form.codAllowed === 'on' || form.codAllowed === 'true',
  });
  if (!parsed.success) Object.assign(fields, { ...firstIssues(parsed.error.issues), ...fields });
  if (Object.keys(fields).length > 0 || !parsed.success) return { ok: false, fields };
  return { ok: true, value: parsed.data };
}

/** An offer back to the form's text: paise to rupees as a seller types them. */
export function offerToForm(offer: StoredOfferValues): OfferFormValues {
  const rupees = (paise: number) =>
    paise % 100 === 0
      ? String(paise / 100)
      : `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
  return {
    sku: offer.sku,
    price: rupees(offer.salePricePaise),
    mrp: rupees(offer.mrpPaise),
    stock: String(offer.stock),
    maxPerOrder: String(offer.maxPerOrder),
    dispatchDays: String(offer.dispatchDays),
    warranty: offer.warranty,
    parcelType: offer.parcelType,
    weightGrams: String(offer.weightGrams),
    lengthCm: offer.lengthCm,
    widthCm: offer.widthCm,
    heightCm: offer.heightCm,
    codAllowed: offer.codAllowed ? 'on' : '',
  };
}

export const CONTENT_FORM_FIELDS = [
  'title',
  'bulletPoints',
  'technicalDetails',
  'additionalInfo',
  'hsnCode',
  'countryOfOrigin',
  'manufacturerName',
  'manufacturerAddress',
  'packerName',
  'packerAddress',
  'importerName',
  'importerAddress',
  'netQuantity',
  'returnDays',
  'replaceDays',
] as const;
export type ContentFormValues = Record<(typeof CONTENT_FORM_FIELDS)[number], string>;

/** Bullet points are one a line; technical details "Name: value" one a line. */
export function contentFromForm(
  form: ContentFormValues,
  attributes: readonly { name: string; value: string }[],
): Parsed<ProductContentInput> {
  const lines = (text: string) =>
    text
      .split(/\r?\n/)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  const fields: Record<string, string> = {};
  const technicalDetails = lines(form.technicalDetails).map((item) => {
    const at = item.indexOf(':');
    if (at <= 0) fields.technicalDetails = 'Write each technical detail as “Name: value”, one a line.';
    return { name: item.slice(0, Math.max(at, 0)), value: item.slice(at + 1) };
  });
  const parsed = ProductContentInput.safeParse({
    title: form.title,
    bulletPoints: lines(form.bulletPoints),
    technicalDetails,
    additionalInfo: form.additionalInfo,
    attributes,
    hsnCode: form.hsnCode,
    countryOfOrigin: form.countryOfOrigin,
    manufacturer: { name: form.manufacturerName, address: form.manufacturerAddress },
    packer: { name: form.packerName, address: form.packerAddress },
    importer: { name: form.importerName, address: form.importerAddress },
    netQuantity: form.netQuantity,
    returnDays: /^\d{1,2}$/.test(form.returnDays.trim()) ? Number(form.returnDays) : Number.NaN,
    replaceDays: /^\d{1,2}$/.test(form.replaceDays.trim()) ? Number(form.replaceDays) : Number.NaN,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, sub] = issue.path.map(String);
      const key =
        head === 'manufacturer' || head === 'packer' || head === 'importer'
          ? `${head}${sub === 'address' ? 'Address' : 'Name'}`
          : (head ?? '_');
      fields[key] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: parsed.data };
}

/** The content form's fields, as the form labels them. */
export const CONTENT_FIELD_LABELS: Record<(typeof CONTENT_FORM_FIELDS)[number], string> = {
  title: 'Title',
  bulletPoints: 'Bullet points',
  technicalDetails: 'Technical details',
  additionalInfo: 'Additional information',
  hsnCode: 'HSN code',
  countryOfOrigin: 'Country of origin',
  manufacturerName: 'Manufacturer name',
  manufacturerAddress: 'Manufacturer address',
  packerName: 'Packer name',
  packerAddress: 'Packer address',
  importerName: 'Importer name',
  importerAddress: 'Importer address',
  netQuantity: 'Net quantity',
  returnDays: 'Return window',
  replaceDays: 'Replacement window',
};

/**
 * What stored content must change to pass today's rules, by the form's field names (empty when it
 * passes): the same check a form posting it would meet.
 */
export function contentProblems(content: StoredProductContent): Record<string, string> {
  const checked = contentFromForm(contentToForm(content), content.attributes);
  return checked.ok ? {} : checked.fields;
}

/** What a stored offer must change to pass today's rules, by the form's field names (empty when it passes). */
export function offerProblems(offer: StoredOfferValues): Record<string, string> {
  const checked = offerFromForm(offerToForm(offer));
  return checked.ok ? {} : checked.fields;
}

/** Content back to the form's text. */
export function contentToForm(content: StoredProductContent): ContentFormValues {
  return {
    title: content.title,
    bulletPoints: content.bulletPoints.join('\n'),
    technicalDetails: content.technicalDetails.map((detail) => `${detail.name}: ${detail.value}`).join('\n'),
    additionalInfo: content.additionalInfo,
    hsnCode: content.hsnCode,
    countryOfOrigin: content.countryOfOrigin,
    manufacturerName: content.manufacturer.name,
    manufacturerAddress: content.manufacturer.address,
    packerName: content.packer.name,
    packerAddress: content.packer.address,
    importerName: content.importer.name,
    importerAddress: content.importer.address,
    netQuantity: content.netQuantity,
    returnDays: String(content.returnDays),
    replaceDays: String(content.replaceDays),
  };
}

/** The API's field errors (paths like `offer.salePricePaise`) as the form's field names. */
export function formFieldsOfApi(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    for (const [key, text] of Object.entries(firstIssues([{ path: path.split('.'), message }])))
      out[key] ??= text;
  }
  return out;
}
