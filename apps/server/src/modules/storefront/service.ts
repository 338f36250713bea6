import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  addresses,
  banners,
  brandCampaigns,
  brands,
  categories,
  contentPages,
  type Executor,
  footerMenuItems,
  topMenuItems,
} from '@marketplace/db';
import { DEFAULT_PINCODE, PINCODE_COOKIE, serverPincode } from '@marketplace/domain/location/pincode';
import { splitLanguage } from '@marketplace/domain/i18n/languages';
import { parseAdSize, pickBannerCampaign } from '@marketplace/domain/marketing/banner';
import { suggestionHref } from '@marketplace/domain/search/suggestions';
import { topMenuHref } from '@marketplace/domain/admin/menus-pages-api';
import type {
  BannerPlacement,
  CategoryMenu,
  ContentPage,
  ShellBanner,
  ShellData,
  StorefrontServices,
} from '@marketplace/web';
import type { Logger } from 'pino';
import { type ContentChanges, eitherGeneration, keptFor } from '../../kept-for.ts';
import { noteViewerLanguage, sessionViewer } from '../../http/auth.ts';
import { campaignIsRunning } from '../ads/index.ts';
import { bannerIsLive } from '../catalog/index.ts';
import { sanitizePageHtml } from '../menus-pages/index.ts';
import { createHomeServices, createListingServices, createProductServices } from '../catalog/index.ts';
import { createPincodeDirectory } from '../pincodes/index.ts';
import { sellerStatusOfUser } from '../sellers/index.ts';
import { createSearchServices } from '../search/index.ts';

const FOOTER_ORDER = ['explore', 'profits', 'policy', 'support'] as const;

/** The header's top menu and the footer's columns. */
export async function getShellMenus(db: Executor): Promise<Pick<ShellData, 'topMenu' | 'footer'>> {
  const [topMenu, footerRows] = await Promise.all([
    db
      .select({ id: topMenuItems.id, name: topMenuItems.name, link: topMenuItems.link })
      .from(topMenuItems)
      .orderBy(asc(topMenuItems.position), asc(topMenuItems.id)),
    db
      .select({
        id: footerMenuItems.id,
        section: footerMenuItems.section,
        name: footerMenuItems.name,
        link: footerMenuItems.link,
        pageSection: contentPages.section,
        pageSlug: contentPages.slug,
      })
      .from(footerMenuItems)
      // requirements#operator-content: an entry of an unpublished page shows as plain text
      .leftJoin(
        contentPages,
        and(eq(contentPages.id, footerMenuItems.pageId), eq(contentPages.isPublished, true)),
      )
      .orderBy(asc(footerMenuItems.position), asc(footerMenuItems.id)),
  ]);
  const footer = FOOTER_ORDER.map((section) => ({
    section,
    items: footerRows
      .filter((row) => row.section === section)
      .map((row) => ({
        id: row.id,
        name: row.name,
        href:
          row.link ??
          (row.pageSection && row.pageSlug
            ? `/${row.pageSection}/${encodeURIComponent(row.pageSlug)}`
            : null),
      })),
  })).filter((column) => column.items.length > 0);
  return {
    topMenu: topMenu.map((entry) => ({
      id: entry.id,
      name: entry.name,
      href: topMenuHref({ label: entry.name, link: entry.link }),
    })),
    footer,
  };
}

/** The side menu's tree: top categories, their second-level groups and third-level entries. */
export async function getCategoryMenu(db: Executor): Promise<CategoryMenu> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      level: categories.level,
      name: categories.name,
    })
    .from(categories)
    // requirements#operator-catalog: retired categories leave the menu
    .where(and(lte(categories.level, 3), isNull(categories.retiredAt)))
    .orderBy(asc(categories.level), asc(categories.position), asc(categories.name));
  const children = new Map<number, { id: number; name: string }[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push({ id: row.id, name: row.name });
    children.set(row.parentId, list);
  }
  return rows
    .filter((row) => row.level === 1)
    .map((top) => ({
      id: top.id,
      name: top.name,
      groups: (children.get(top.id) ?? []).map((group) => ({
        ...group,
        entries: children.get(group.id) ?? [],
      })),
    }));
}

type BannerChoices = {
  campaigns: {
    id: number;
    adType: string;
    adImage: string | null;
    adSize: string | null;
    brandName: string;
    isRegistry: boolean;
  }[];
  fallback: { image: string; alt: string; href: string | null } | null;
};

/** What the banner block chooses from: today's running image campaigns of type banner, and the default long banner. */
export async function loadBannerChoices(db: Executor, now = new Date()): Promise<BannerChoices> {
  const [campaigns, [fallback]] = await Promise.all([
    db
      .select({
        id: brandCampaigns.id,
        adType: brandCampaigns.adType,
        adImage: brandCampaigns.adImage,
        adSize: brandCampaigns.adSize,
        brandName: brands.name,
        isRegistry: brands.isRegistry,
      })
      .from(brandCampaigns)
      .innerJoin(brands, eq(brands.id, brandCampaigns.brandId))
      .where(and(eq(brandCampaigns.type, 'banner'), campaignIsRunning(now)))
      .orderBy(asc(brandCampaigns.id)),
    db
      .select({ image: banners.imagePath, alt: banners.altText, href: banners.link })
      .from(banners)
      .where(and(eq(banners.kind, 'long'), bannerIsLive(now)))
      .orderBy(asc(banners.position), asc(banners.id))
      .limit(1),
  ]);
  return { campaigns, fallback: fallback ?? null };
}

/**
 * The banner block: a random running image campaign of type banner (one per image, requirements#sponsored-banner), or
 * the default long banner when no campaign is eligible.
 */
export function pickShellBanner(
  { campaigns, fallback }: BannerChoices,
  random: () => number = Math.random,
  placement: BannerPlacement = { kind: 'any' },
): ShellBanner | null {
  if (placement.kind === 'none') return null;
  // requirements#sponsored-banner: a brand's own store never opens with another brand's campaign
  const brand = placement.kind === 'brand' ? placement.brand.toLowerCase() : null;
  const eligible = brand === null ? campaigns : campaigns.filter((c) => c.brandName.toLowerCase() === brand);
  const campaign = pickBannerCampaign(eligible, random);
  if (campaign?.adImage) {
    return {
      kind: 'campaign',
      image: campaign.adImage,
      alt: campaign.brandName,
      href: suggestionHref({
        name: campaign.brandName,
        type: 'brand',
        registry: campaign.isRegistry ? 'Yes' : 'No',
      }),
      size: parseAdSize(campaign.adSize),
    };
  }
  return fallback ? { kind: 'default', ...fallback, size: null } : null;
}

export async function getShellBanner(
  db: Executor,
  now = new Date(),
  random: () => number = Math.random,
  placement: BannerPlacement = { kind: 'any' },
): Promise<ShellBanner | null> {
  return pickShellBanner(await loadBannerChoices(db, now), random, placement);
}

/**
 * A published explore or policy page by its address (requirements#operator-content), or by its
 * title in any case as the earlier addresses were. Its HTML is cleaned again on the way out.
 */
export async function getContentPage(
  db: Executor,
  section: ContentPage['section'],
  name: string,
): Promise<ContentPage | null> {
  if (name.length > 200) return null;
  const [page] = await db
    .select({
      id: contentPages.id,
      name: contentPages.name,
      body: contentPages.body,
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(
      and(
        eq(contentPages.section, section),
        eq(contentPages.isPublished, true),
        or(
          eq(contentPages.slug, name.toLowerCase()),
          eq(sql`lower(${contentPages.name})`, name.toLowerCase()),
        ),
      ),
    )
    // an address wins over another page's title
    .orderBy(sql`${contentPages.slug} = ${name.toLowerCase()} DESC`)
    .limit(1);
  if (!page) return null;
  const siblings = await db
    .select({ pageId: footerMenuItems.pageId })
    .from(footerMenuItems)
    .where(eq(footerMenuItems.section, section))
    .orderBy(asc(footerMenuItems.position), asc(footerMenuItems.id));
  const menuId = siblings.findIndex((item) => item.pageId === page.id) + 1;
  return {
    section,
    name: page.name,
    html: sanitizePageHtml(page.body),
    menuId,
    updatedAt: page.updatedAt.toISOString(),
  };
}

/** A shopper's saved addresses for the delivery-location picker, default first. */
export async function getSavedAddresses(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id));
  return rows.map((a) => ({
    id: a.id,
    name: `${a.firstName} ${a.lastName}`,
    line: [a.doorNo, a.street, a.landmark].filter(Boolean).join(', '),
    pincode: a.pincode,
    city: a.city,
    state: a.state,
    isDefault: a.isDefault,
  }));
}

/**
 * requirements#failures-only-logged: a failed menu, banner or address call is only logged; that area stays empty and the
 * page still renders.
 */
function orEmpty<T>(work: Promise<T>, empty: T, what: string, logger?: Pick<Logger, 'warn'>): Promise<T> {
  return work.catch((error: unknown) => {
    logger?.warn({ err: error }, `${what} could not be loaded; showing the page without it`);
    return empty;
  });
}

/** How long every page's shell reuses the menus and the banner choices (operators' edits show within it). */
export const SHELL_TTL_MS = 60 * 1000;

export type StorefrontOptions = {
  /** How long the shell's menus and banner choices, and the product page's lookups, are kept (0: never). */
  keepMs?: number;
  /** requirements#operator-content: staff's published changes, shown at the next request in this process. */
  contentChanges?: ContentChanges;
  /** ADR-0055: a seller or staff changed the catalog, here or in another process */
  catalogChanges?: ContentChanges;
  /** The time campaigns, deals and banners run against (default: the system clock; tests fix it). */
  now?: () => Date;
  /**
   * requirements#read-replica: where the catalog's lag-tolerant reads go (the database handle's
   * `reads`); who is logged in and their addresses are always read from `db`, the writer.
   */
  reads?: Executor;
};

export function createStorefrontServices(
  db: Executor,
  logger?: Pick<Logger, 'warn'>,
  {
    keepMs = SHELL_TTL_MS,
    contentChanges,
    catalogChanges,
    now = () => new Date(),
    reads = db,
  }: StorefrontOptions = {},
): StorefrontServices {
  const contentGeneration = contentChanges?.generation;
  const catalogGeneration = catalogChanges?.generation;
  // the home page's shared blocks show both staff's content and sellers' offers
  const homeGeneration = eitherGeneration(contentGeneration ?? (() => 0), catalogGeneration ?? (() => 0));
  const shellMenus = keptFor(keepMs, () => getShellMenus(reads), undefined, contentGeneration);
  const keptCategoryMenu = keptFor(keepMs, () => getCategoryMenu(reads), undefined, catalogGeneration);
  const bannerChoices = keptFor(keepMs, () => loadBannerChoices(reads, now()), undefined, contentGeneration);
  const pincodeDirectory = createPincodeDirectory(reads);
  // the pincode the browser mirrored in its cookie (or the picker's page set), with the city the
  // header shows beside it before the page's scripts run: the one every page names (ADR-0004)
  // the pincode the header and every page render with: the header's own rule, with the logged-in
  // shopper's default address beating the shop's guess, so both agree in the first HTML
  const deliveryPincode = async (request: Request) => {
    const cookie = request.headers.get('cookie') ?? '';
    const user = await sessionViewer(db, request);
    const [home] = user
      ? await db
          .select({ pincode: addresses.pincode })
          .from(addresses)
          .where(and(eq(addresses.userId, user.id), eq(addresses.isDefault, true)))
          .limit(1)
      : [];
    const hasMirror = cookie.split(';').some((part) => part.trim().startsWith(`${PINCODE_COOKIE}=`));
    return {
      pincode: serverPincode(cookie, home?.pincode ?? null),
      isKnown: hasMirror || home !== undefined,
    };
  };
  const deliveryPlace = async (request: Request): Promise<ShellData['deliveryPlace']> => {
    const { pincode, isKnown } = await deliveryPincode(request);
    if (!isKnown) return null;
    const place = await pincodeDirectory.find(pincode);
    return { pincode, city: place?.city ?? '' };
  };
  // the city of the pincode a browser falls back to (requirements#initial-pincode): the header names
  // it without asking the server again
  const defaultCity = keptFor(keepMs, async () => (await pincodeDirectory.find(DEFAULT_PINCODE))?.city ?? '');
  const signedIn = async (request: Request) => {
    const user = await sessionViewer(db, request);
    if (!user) return null;
    // applying makes the account a seller (requirements#seller-onboarding): only then is there a status to read
    const sellerStatus = user.role === 'seller' ? await sellerStatusOfUser(db, user.id) : null;
    return {
      id: user.id,
      firstName: user.firstName,
      email: user.email,
      sellerStatus,
      language: user.language,
    };
  };
  const currentUser = async (request: Request) => {
    const user = await signedIn(request);
    if (!user) return null;
    const { language: _language, ...shown } = user;
    return shown;
  };
  /** requirements#message-languages: a shop page in another language makes it the shopper's. */
  const shopperOfPage = async (request: Request) => {
    const user = await signedIn(request);
    if (!user) return null;
    await noteViewerLanguage(db, user, splitLanguage(new URL(request.url).pathname).language);
    const { language: _language, ...shown } = user;
    return shown;
  };
  return {
    ...createHomeServices(reads, logger, { contentGeneration: homeGeneration, now }),
    ...createListingServices(reads, logger, { now, ...(catalogGeneration ? { catalogGeneration } : {}) }),
    ...createProductServices(reads, logger, { keepMs, contentGeneration, catalogGeneration, now }),
    ...createSearchServices(reads, logger, now, {
      keepMs,
      ...(catalogGeneration ? { catalogGeneration } : {}),
    }),
    currentUser,
    deliveryPincode: async (request) => (await deliveryPincode(request)).pincode,
    contentPage: (section, name) => getContentPage(reads, section, name),
    shell: async (request, placement = { kind: 'any' }) => {
      const [user, menus, categoryMenu, banner, place, cityOfDefault] = await Promise.all([
        orEmpty(shopperOfPage(request), null, 'the login check', logger),
        orEmpty(shellMenus(), { topMenu: [], footer: [] }, 'the top menu and footer', logger),
        orEmpty(keptCategoryMenu(), [], 'the category menu', logger),
        orEmpty(
          placement.kind === 'none'
            ? Promise.resolve(null)
            : bannerChoices().then((choices) => pickShellBanner(choices, Math.random, placement)),
          null,
          'the banner',
          logger,
        ),
        orEmpty(deliveryPlace(request), null, 'the delivery place', logger),
        orEmpty(defaultCity(), '', 'the default pincode city', logger),
      ]);
      return {
        user,
        addresses: user
          ? await orEmpty(getSavedAddresses(db, user.id), [], 'the saved addresses', logger)
          : [],
        ...menus,
        categoryMenu,
        banner,
        deliveryPlace: place,
        defaultPlace: { pincode: DEFAULT_PINCODE, city: cityOfDefault },
      };
    },
  };
}
