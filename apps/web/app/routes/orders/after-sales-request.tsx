import { useState } from 'react';
import {
  type ClientLoaderFunctionArgs,
  Link,
  redirect,
  useLoaderData,
  useLocation,
  useRevalidator,
} from 'react-router';
import {
  type AfterSalesKind,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
} from '@marketplace/domain/orders/returns';
import { callApi, hereOf } from '../../components/account/account-api.ts';
import { AccountLoading } from '../../components/account/account-page.tsx';
import { RequestForm } from '../../components/after-sales/request-form.tsx';
import { RequestStatusText } from '../../components/after-sales/status.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { type AfterSalesForm, formPath } from '../../lib/after-sales-api.ts';
import '../../components/feedback/feedback.css';
import '../../components/after-sales/after-sales.css';

const kindOf = (pathname: string): AfterSalesKind =>
  pathname.toLowerCase().startsWith('/replacementitem') ? 'replace' : 'return';
const textsOf = (kind: AfterSalesKind) => (kind === 'return' ? RETURN_MESSAGES : REPLACEMENT_MESSAGES);

type Loaded =
  { kind: 'found'; form: AfterSalesForm; item: number | null } | { kind: 'missing' } | { kind: 'failed' };

// decision 12: the order, seller and item are in the URL (?order=&seller=&item=), as My Orders links them
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const order = url.searchParams.get('order') ?? '';
  const seller = url.searchParams.get('seller') ?? '';
  const item = url.searchParams.get('item') ?? '';
  if (!order || !/^[1-9][0-9]{0,9}$/.test(seller)) return { kind: 'missing' };
  try {
    const result = await callApi<AfterSalesForm>(formPath(kindOf(url.pathname), order, seller));
    if (result.ok)
      return { kind: 'found', form: result.data, item: /^[1-9][0-9]{0,9}$/.test(item) ? Number(item) : null };
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
    if (result.status === 401) throw redirect(`/login?redirectTo=${encodeURIComponent(hereOf(request))}`);
    return result.status === 404 || result.status === 400 ? { kind: 'missing' } : { kind: 'failed' };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { kind: 'failed' };
  }
}

export function HydrateFallback() {
  return <AccountLoading what="your order" />;
}

/** /returnitem and /replacementitem?order=&seller=&item=: the request form and the requests made. */
export default function AfterSalesRequestPage() {
  const loaded = useLoaderData<typeof clientLoader>();
  const kind = kindOf(useLocation().pathname);
  const texts = textsOf(kind);
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <p className="account-notice error" role="alert">
          {loaded.kind === 'missing'
            ? kind === 'return'
              ? RETURN_MESSAGES.noReturns
              : REPLACEMENT_MESSAGES.noReplacements
            : texts.failed}
        </p>
        <Link to="/myorder" className="btn">
          Go to My Orders
        </Link>
      </OrderActionPage>
    );
  }
  return <Loaded kind={kind} form={loaded.form} initial={loaded.item} />;
}

function Loaded({
  kind,
  form,
  initial,
}: {
  kind: AfterSalesKind;
  form: AfterSalesForm;
  initial: number | null;
}) {
  const revalidator = useRevalidator();
  // a new form after each request sent: everything resets (spec §4)
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const title = kind === 'return' ? 'Your return requests' : 'Your replacement requests';

  return (
    <OrderActionPage>
      <p className="as-order-line">
        Order <strong>{form.orderNo}</strong> · Sold by {form.sellerName}
      </p>
      {done && (
        <p className="account-notice success" role="status">
          {done}
        </p>
      )}
      <div className="as-layout">
        <section className="as-main" aria-label={kind === 'return' ? 'Return form' : 'Replacement form'}>
          <RequestForm
            key={round}
            kind={kind}
            form={form}
            initial={round === 0 ? initial : null}
            onDone={(message) => {
              setDone(message);
              setRound((n) => n + 1);
              // spec §4: the lists reload after a successful submit
              void revalidator.revalidate();
            }}
          />
        </section>
        <section className="as-requests" aria-labelledby="as-requests-title">
          <h2 id="as-requests-title">{title}</h2>
          {form.requests.length === 0 ? (
            <p className="as-empty">
              {kind === 'return' ? RETURN_MESSAGES.noReturns : REPLACEMENT_MESSAGES.noReplacements}
            </p>
          ) : (
            <ul>
              {form.requests.map((request) => (
                <li key={request.id} className="as-request">
                  <p className="as-request-name">{request.productName}</p>
                  <p className="as-request-meta">
                    Ref {request.refNo} · Qty {request.quantity} ·{' '}
                    {new Intl.DateTimeFormat('en-IN', {
                      dateStyle: 'medium',
                      timeZone: 'Asia/Kolkata',
                    }).format(new Date(request.addedAt))}
                  </p>
                  <RequestStatusText kind={kind} status={request.status} />
                  <Link to={request.detailHref} className="btn-secondary btn-small">
                    View Detail
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </OrderActionPage>
  );
}
