import { pincodeFromCookies } from '@marketplace/domain/location/pincode';
import { useEffect } from 'react';
import { data, redirect, useLoaderData, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { PINCODE_UPDATED_EVENT } from '../../components/delivery-location.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { ProductView } from '../../components/product-detail/product-view.tsx';
import { useRecordView } from '../../lib/history.ts';
import { changeSavedCart } from '../../lib/cart.server.ts';
import { formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs, ShellData } from '../../lib/services.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { averageRating, totalRatings } from '@marketplace/domain/catalog/ratings';
import { productPath, productStructuredData, socialTags } from '@marketplace/domain/seo/structured-data';
import { StructuredData } from '../../components/structured-data.tsx';
import { shopLanguageOf } from '@marketplace/domain/catalog/product-languages';
import { canonicalHeaders, languageLinkHeader } from '../../lib/canonical.ts';
import type { ProductDetail } from '../../lib/product-data.ts';

/** A seller id from the `seller` query parameter; anything else means the default offer. */
function sellerParam(url: URL): number | null {
  const raw = url.searchParams.get('seller');
  return raw && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ params, request, context }: LoaderArgs) {
  const detail = await context.services.productDetail({
    name: params.productName ?? '',
    sellerId: sellerParam(new URL(request.url)),
    pincode: await context.services.deliveryPincode(request),
    // requirements#product-languages: the shop's language (the site-wide switch chooses it)
    language: shopLanguageOf(params.lang ?? new URL(request.url).searchParams.get('lang')),
  });
  if (!detail) {
    // requirements#operator-catalog: a duplicate merged into another product leads there for good
    const merged = await context.services.mergedProductName(params.productName ?? '');
    if (merged) return redirect(`/productdetails/${encodeURIComponent(merged)}`, 301);
    // requirements#product-not-found: an unknown product goes to /pagenotfound; rendered on the server it answers 404
    return data({ detail: null }, { status: 404 });
  }
  return data(
    { detail, origin: context.siteOrigin },
    {
      headers: {
        Link: languageLinkHeader(context.siteOrigin, productPath(detail.product.name), request.url),
      },
    },
  );
}

export const headers = canonicalHeaders;

/**
 * Add to Cart posted before the page's scripts run (ADR-0013): the line joins a logged-in
 * shopper's saved cart (quantities add up, held to stock and the maximum per order), then the cart,
 * which says it was added.
 */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), ['productId', 'sellerId', 'quantity']);
  if (
    !isRecordId(fields.productId) ||
    !isRecordId(fields.sellerId) ||
    !/^[1-9][0-9]{0,3}$/.test(fields.quantity || '1')
  )
    return new Response('Which product?', { status: 400 });
  const added = await changeSavedCart(context, {
    kind: 'add',
    productId: Number(fields.productId),
    sellerId: Number(fields.sellerId),
    quantity: Number(fields.quantity || '1'),
  });
  // the cart page says what happened, as the button says it with scripts
  if (added.ok) return redirect('/cart?added=1', { headers: added.headers });
  if (added.reason === 'unauthenticated') return redirect(loginPathFor(request));
  return new Response('The cart could not be saved. Please try again.', { status: 503 });
}

/** requirements#seo: the product as schema.org reads it: its offers, rating and breadcrumbs. */
function productFacts(detail: ProductDetail, origin: string) {
  const { product } = detail;
  const offers = [detail.offer, ...detail.otherOffers].flatMap((offer) =>
    offer
      ? [
          {
            sellerName: offer.sellerName,
            sku: offer.sku,
            pricePaise: offer.salePricePaise,
            stock: offer.stock,
          },
        ]
      : [],
  );
  return productStructuredData(origin, {
    name: product.name,
    description: product.description,
    images: product.images,
    brand: product.brand.name,
    upc: product.upc,
    trail: product.category.trail,
    rating: { value: averageRating(product.stars), count: totalRatings(product.stars) },
    offers,
    returnDays: product.return.has ? product.return.days : null,
  });
}

export function meta({ data: loaded }: { data?: { detail: ProductDetail | null; origin?: string } }) {
  const detail = loaded && 'detail' in loaded ? loaded.detail : null;
  const origin = loaded && 'origin' in loaded ? loaded.origin : null;
  return detail
    ? [
        { title: detail.product.name },
        { name: 'description', content: detail.product.description },
        ...(origin
          ? socialTags(origin, {
              title: detail.product.name,
              description: detail.product.description,
              path: productPath(detail.product.name),
              image: detail.product.images[0] ?? null,
              type: 'product',
            })
          : []),
      ]
    : [{ title: 'Page Not Found' }];
}

export default function ProductDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  const detail = 'detail' in loaded ? loaded.detail : null;
  const shell = useRouteLoaderData<{ user: ShellData['user'] }>('routes/shell');
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // requirements#browsing-history: each product opened joins the shopper's browsing history
  useRecordView(
    detail
      ? { id: detail.product.id, name: detail.product.name, image: detail.product.images[0] ?? '' }
      : null,
  );
  useEffect(() => {
    if (!detail) void navigate('/pagenotfound', { replace: true });
  }, [detail, navigate]);
  // the delivery estimate follows the pincode chosen in the header; the header also stores the
  // default pincode on a first visit, the one this page's data was already read for: no new request
  const shownPincode = detail?.pincode;
  useEffect(() => {
    const refresh = () => {
      if (pincodeFromCookies(document.cookie) !== shownPincode) void revalidator.revalidate();
    };
    window.addEventListener(PINCODE_UPDATED_EVENT, refresh);
    return () => window.removeEventListener(PINCODE_UPDATED_EVENT, refresh);
  }, [revalidator, shownPincode]);
  if (!detail) return <NotFound />;
  return (
    <>
      <ProductView detail={detail} isLoggedIn={Boolean(shell?.user)} />
      {'origin' in loaded && <StructuredData items={productFacts(detail, loaded.origin)} />}
    </>
  );
}
