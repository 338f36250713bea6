import type { ReactNode } from 'react';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import {
  FEEDBACK_MESSAGES,
  type FeedbackKind,
  FeedbackInput,
  type FeedbackItem,
  FeedbackSaved,
  ItemFeedback,
} from '@marketplace/domain/orders/feedback';
import { data, redirect, useActionData, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import {
  FEEDBACK_PHOTOS_FIELD,
  FeedbackForm,
  type FeedbackReply,
  type FeedbackValues,
  savedValues,
} from '../../components/feedback/feedback-form.tsx';
import { fieldErrors } from '../../lib/account-api.ts';
import { flashCookie } from '../../lib/flash.server.ts';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import { actionApi, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { postedFiles, uploadPostedPhotos } from '../../lib/upload-photos.server.ts';
import '../../components/feedback/feedback.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';
import { useRichT, useT } from '../../i18n/intl.tsx';

const KINDS: Record<string, FeedbackKind> = {
  '/sellerfeedback': 'seller',
  '/deliveryfeedback': 'delivery',
  '/productfeedback': 'product',
};
const kindOf = (pathname: string): FeedbackKind =>
  KINDS[splitLanguage(pathname).path.toLowerCase()] ?? 'product';
const KEY = /^[0-9a-f]{32}$/;

// requirements#ids-in-urls: the order item is in the URL (?item=123), so a reload or a shared link works
export async function loader({ url, context }: LoaderArgs) {
  const item = url.searchParams.get('item') ?? '';
  const loaded = isRecordId(item)
    ? await loadOrderPage(context, url, `/api/feedback?orderItem=${item}`, ItemFeedback)
    : ({ kind: 'missing' } as const);
  return data(loaded.kind === 'found' ? loaded.data : null, { status: orderPageStatus(loaded) });
}

/** The values a posted form holds (a malformed key reads as none; the schema answers the rest). */
function readValues(form: FormData): FeedbackValues {
  const stars = form.get('stars');
  const text = form.get('text');
  const video = form.get('video');
  const keys = [
    ...new Set(form.getAll('image').filter((key): key is string => typeof key === 'string' && KEY.test(key))),
  ];
  return {
    stars: typeof stars === 'string' && /^[1-5]$/.test(stars) ? Number(stars) : 0,
    text: typeof text === 'string' ? text : '',
    images: keys.map((key) => ({ key, url: `/api/uploads/${key}` })),
    video: typeof video === 'string' && KEY.test(video) ? { key: video, url: `/api/uploads/${video}` } : null,
  };
}

/**
 * Saves the feedback and goes to My Orders with the spec's thanks (requirements#feedback). Photos the form
 * carried without scripts are stored first and kept by key if the feedback is refused (ADR-0014).
 */
export async function action({ request, url, context }: ActionArgs) {
  const kind = kindOf(url.pathname);
  const item = url.searchParams.get('item') ?? '';
  const form = await readForm(request);
  const values = readValues(form ?? new FormData());
  const refuse = (errors: Record<string, string>, failure: string | null, status: number) =>
    data<FeedbackReply>({ values, errors, failure }, { status });
  if (!form) return refuse({}, FEEDBACK_MESSAGES.failed, 400);
  if (!isRecordId(item)) return refuse({}, FEEDBACK_MESSAGES.notFound, 404);
  const files = kind === 'product' ? postedFiles(form, FEEDBACK_PHOTOS_FIELD) : [];
  if (files.length > 0) {
    const sent = await uploadPostedPhotos(context, Number(item), files, values.images.length);
    if (!sent.ok && sent.status === 401) return redirect(loginPathFor(url));
    if (!sent.ok && sent.status === 404) return refuse({}, FEEDBACK_MESSAGES.notFound, 404);
    if (!sent.ok)
      return sent.status >= 500
        ? refuse({}, FEEDBACK_MESSAGES.failed, 503)
        : refuse({ images: sent.message }, sent.message, sent.status);
    values.images = [...values.images, ...sent.uploads];
  }
  const input = FeedbackInput.safeParse({
    orderItemId: Number(item),
    kind,
    stars: values.stars,
    text: values.text,
    images: values.images.map((image) => image.key),
    video: values.video?.key ?? null,
  });
  if (!input.success) return refuse(fieldErrors(input.error), null, 400);
  const api = actionApi(context);
  const result = await api.call('PUT', '/api/feedback', FeedbackSaved, input.data);
  if (result.ok) {
    api.headers.append('set-cookie', flashCookie({ kind: 'success', text: result.data.message }));
    return redirect(localizedPath(splitLanguage(url.pathname).language, '/myorder'), {
      headers: api.headers,
    });
  }
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  // requirements#feedback: the server's message, or the fallback when it gave none
  if (result.kind === 'refused')
    return refuse(result.fields, result.message || FEEDBACK_MESSAGES.failed, result.status);
  return refuse({}, FEEDBACK_MESSAGES.failed, 503);
}

/** /sellerfeedback, /deliveryfeedback and /productfeedback?item={id}: stars, text, and for a product photos and a video. */
export default function FeedbackPage() {
  const found = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const kind = kindOf(useLocation().pathname);
  const t = useT();
  // requirements#my-orders: the breadcrumb reads 'My Order / {action name}'
  if (!found) {
    return (
      <OrderActionPage narrow>
        <Alert tone="error" className="account-notice">
          {t('orders.afterSales.notFound')}
        </Alert>
        <Link to="/myorder" className="btn">
          {t('orders.goToMyOrders')}
        </Link>
      </OrderActionPage>
    );
  }
  return (
    <OrderActionPage narrow>
      <ItemSummary item={found.item} />
      {found.item.isDelivered ? (
        // a new form per kind and item, filled with what the shopper said before
        <FeedbackForm
          key={`${kind}-${found.item.id}`}
          kind={kind}
          itemId={found.item.id}
          isEdit={found.feedback[kind] !== null}
          initial={reply?.values ?? savedValues(found, kind)}
          reply={reply ?? null}
        />
      ) : (
        <Alert tone="error" className="account-notice">
          {t('orders.feedback.notDelivered')}
        </Alert>
      )}
    </OrderActionPage>
  );
}

function ItemSummary({ item }: { item: FeedbackItem }) {
  const t = useT();
  const rich = useRichT();
  const name = (chunks: ReactNode[]) => <span translate="no">{chunks}</span>;
  return (
    <section className="feedback-item" aria-label={t('orders.feedback.orderItem')}>
      <img src={item.productImage} alt="" width={72} height={72} />
      <div>
        <p className="feedback-item-name" translate="no">
          {item.productName}
        </p>
        <p className="feedback-item-meta">
          {rich('orders.feedback.itemMeta', { seller: item.sellerName, orderNo: item.orderNo, name })}
          {item.quantity > 1 ? ` · ${t('orders.qtyShort', { quantity: item.quantity })}` : ''}
        </p>
      </div>
    </section>
  );
}
