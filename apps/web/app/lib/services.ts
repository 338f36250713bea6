import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from 'react-router';
import type { HomeServices } from './home-data.ts';
import type { ListingServices } from './listing-data.ts';
import type { ProductServices } from './product-data.ts';
import type { SearchServices } from './search-data.ts';
import type { SellerStatus } from '@marketplace/domain/sellers/statuses';

export type * from './catalog.ts';
export type * from './home-data.ts';
export type * from './listing-data.ts';
export type * from './product-data.ts';
export type * from './search-data.ts';

// What the web app needs from the server, passed to every loader as React Router's load context.
// The web app declares the shapes; apps/server implements them. The web app never reaches the
// database itself (requirements#dependency-direction).

export type ShellUser = {
  id: number;
  firstName: string;
  email: string;
  /** requirements#seller-central: the account's seller status, null if it never applied to sell */
  sellerStatus: SellerStatus | null;
};

export type SavedAddress = {
  id: number;
  name: string;
  line: string;
  pincode: string;
  city: string;
  state: string;
  isDefault: boolean;
};

/** The banner block under the header: a sponsored campaign, or the default long banner. */
export type ShellBanner = {
  kind: 'campaign' | 'default';
  image: string;
  alt: string;
  href: string | null;
  /** The campaign's size text read as pixels; null means full width and 40vh (requirements#sponsored-banner). */
  size: { width: number; height: number } | null;
};

/** The side menu: top categories, each with its second-level groups and their third-level entries. */
export type CategoryMenu = {
  id: number;
  name: string;
  groups: { id: number; name: string; entries: { id: number; name: string }[] }[];
}[];

export type ShellData = {
  user: ShellUser | null;
  /** The logged-in shopper's saved addresses, default first (empty for visitors). */
  addresses: SavedAddress[];
  /** requirements#header: each entry's link, its own or its category's best sellers */
  topMenu: { id: number; name: string; href: string }[];
  categoryMenu: CategoryMenu;
  banner: ShellBanner | null;
  /** The pincode mirrored in the browser's cookie and its city, or null before one is chosen. */
  deliveryPlace: { pincode: string; city: string } | null;
  /** The pincode a browser falls back to when it has none (requirements#initial-pincode), with its city. */
  defaultPlace: { pincode: string; city: string };
  footer: {
    section: 'explore' | 'profits' | 'policy' | 'support';
    items: { id: number; name: string; href: string | null }[];
  }[];
};

export type ContentPage = {
  section: 'explore' | 'policy';
  name: string;
  /** HTML cleaned to the pages' allow-list by the server on save and again on render (requirements#operator-content). */
  html: string;
  /** The page's place in its footer list, from 1 (the spec's menu_id; picks the policy icon). */
  menuId: number;
  updatedAt: string;
};

/**
 * Which banner the page opens with (requirements#sponsored-banner): none, any running campaign, or
 * on a brand's store only that brand's own (else the default banner).
 */
export type BannerPlacement = { kind: 'none' } | { kind: 'any' } | { kind: 'brand'; brand: string };

export type ShellServices = {
  contentPage(section: ContentPage['section'], name: string): Promise<ContentPage | null>;
  shell(request: Request, banner?: BannerPlacement): Promise<ShellData>;
  currentUser(request: Request): Promise<ShellUser | null>;
  /** The delivery pincode a page renders with, by the header's rule (a default address beats a guess). */
  deliveryPincode(request: Request): Promise<string>;
};

/** Everything the pages load from the server, one part per area of the storefront. */
export type StorefrontServices = ShellServices &
  HomeServices &
  ListingServices &
  ProductServices &
  SearchServices;

/**
 * One API endpoint called from a page's action or loader on the server, answered in the same
 * process with the shopper's cookie (the server implements it; docs/decisions/0013).
 */
export type PageApi = (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>;

declare module 'react-router' {
  interface AppLoadContext {
    services: StorefrontServices;
    requestId: string;
    api: PageApi;
    /** This response's Content-Security-Policy nonce, for the script and style tags (ADR-0018). */
    nonce: string;
    /** requirements#seo: the shop's public origin ('https://bazaar.example'), for canonical links and structured data */
    siteOrigin: string;
    /** requirements#media-store: MEDIA_BASE_URL (ending in /), where images are linked from; null: /media/ */
    mediaBaseUrl: string | null;
  }
}

/** Loader arguments with the load context typed (React Router leaves it `any` without middleware). */
export type LoaderArgs = LoaderFunctionArgs<AppLoadContext>;
/** Action arguments with the load context typed. */
export type ActionArgs = ActionFunctionArgs<AppLoadContext>;
