import type { ShopLanguage } from '@marketplace/domain/catalog/product-languages';
// What the product pages need from the server (implemented in apps/server/src/modules/catalog/product.ts).
import type { Paged, ProductCardData, StarCountsData } from './catalog.ts';

/** A delivery option of the chosen offer for the shopper's pincode (quantity 1). */
export type DeliveryEstimate = {
  deliveryType: string;
  label: string;
  chargePaise: number;
  /** The rate card's charge of this option: with the parcel type, weight and quantity it gives the
   * charge of any quantity (deliveryChargePaise, the rule the checkout quote uses). */
  ratePaise: number;
  arrivingDays: number;
  /** requirements#arrival-date: today plus arriving days, en-IN short format ('Wed, 25 Nov'). */
  arrival: string;
  hasCod: boolean;
};

/** A seller's offer of the product (requirements#product-page) with what depends on it. */
export type ProductOffer = {
  offerId: number;
  sellerId: number;
  sellerName: string;
  /** Seller rating: rating_sum / rating_count to one decimal, 0 when none. */
  sellerRating: number;
  sellerRatingCount: number;
  sku: string;
  salePricePaise: number;
  mrpPaise: number;
  stock: number;
  maxPerOrder: number;
  sellerPincode: string;
  /** How the delivery charge counts: per unit, per order or by weight (requirements#delivery-charge). */
  parcelType: string;
  warranty: { info: string | null; by: string | null; years: number };
  additional: {
    manufacturer: string | null;
    importer: string | null;
    packer: string | null;
    weightGrams: number;
    packWeightGrams: number;
    dimensionsCm: { length: string; width: string; height: string };
    origin: string;
  };
  /** The product's active coupon from this seller. */
  coupon: { id: number; name: string; offerType: 'cash' | 'percentage'; value: number } | null;
  /** Delivery options to the shopper's pincode; empty when it cannot be delivered there. */
  delivery: DeliveryEstimate[];
};

export type ProductVariant = {
  id: number;
  name: string;
  image: string;
  /** e.g. { Colour: 'Blue', Storage: '128 GB' } */
  values: Record<string, string>;
  isCurrent: boolean;
};

export type ReviewData = {
  id: number;
  firstName: string;
  /** ISO date-time of the review. */
  date: string;
  orderNo: string | null;
  text: string;
  stars: number;
  images: string[];
  sellerName: string;
  sellerMessage: string | null;
};

export type CompareColumn = {
  card: ProductCardData;
  sellerName: string | null;
  attributes: Record<string, string>;
};

export type ProductDetail = {
  product: {
    id: number;
    name: string;
    /** requirements#product-languages: the name shown, in `textLanguage` (the English name without a translation) */
    title: string;
    /** the language the title is in: the one asked for when its seller wrote one, else English */
    textLanguage: ShopLanguage;
    brand: { id: number; name: string; isRegistry: boolean };
    /** `trail`: the category and its parents, top level first, each with its listing page */
    category: { id: number; name: string; trail: { name: string; path: string }[] };
    description: string;
    bullets: string[];
    /** the language of the bullets: the title's when its seller translated them, else English */
    bulletsLanguage: ShopLanguage;
    technicalDetails: { name: string; value: string }[];
    images: string[];
    video: string | null;
    upc: string | null;
    isAssured: boolean;
    isComparable: boolean;
    replacement: { has: boolean; days: number };
    return: { has: boolean; days: number };
    stars: StarCountsData;
    ratingCount: number;
  };
  /** The chosen offer (the `seller` query, else the lowest priced); null: 'Sellers not Available'. */
  offer: ProductOffer | null;
  /** The other sellers' offers, cheapest first. */
  otherOffers: ProductOffer[];
  variants: ProductVariant[];
  pincode: string;
  /** The city of the pincode, when it is a known pincode. */
  pincodeCity: string | null;
  privilegeClaim: string;
  reviews: ReviewData[];
  sections: {
    related: ProductCardData[];
    brand: ProductCardData[];
    alsoLike: ProductCardData[];
    addOn: ProductCardData[];
    otherBrand: ProductCardData[];
    compare: CompareColumn[];
  };
};

export type ReviewsPage = {
  product: { id: number; name: string; image: string; stars: StarCountsData; ratingCount: number };
  /** Null on /reviews (all sellers). */
  seller: { id: number; name: string } | null;
  reviews: Paged<ReviewData>;
};

export interface ProductServices {
  /** Null for an unknown product name (case-insensitive). `sellerId` picks the offer when valid. */
  productDetail(args: {
    name: string;
    sellerId: number | null;
    pincode: string;
    /** requirements#product-languages: title, bullets and description in this language, English field by field without (default English) */
    language?: ShopLanguage;
  }): Promise<ProductDetail | null>;
  /**
   * requirements#operator-catalog: the name of the product a merged duplicate of this name was
   * merged into (its address redirects there), or null.
   */
  mergedProductName(name: string): Promise<string | null>;
  /** Null for an unknown product, or an unknown seller name when one is given. */
  productReviews(args: {
    productName: string;
    sellerName: string | null;
    page: unknown;
  }): Promise<ReviewsPage | null>;
}
