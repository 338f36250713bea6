import { useState } from 'react';
import { formatInr } from '@marketplace/domain';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { type ClientLoaderFunctionArgs, Link, redirect, useLoaderData, useNavigate } from 'react-router';
import { callApi, hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { loadRazorpay } from '../../components/orders/razorpay-checkout.ts';
import '../../components/orders/orders.css';

type PaymentPage = {
  orderNo: string;
  amountPaise: number;
  status: 'awaiting_payment' | 'paid' | 'cancelled';
  providerOrderId: string | null;
  checkout:
    | { provider: 'sandbox'; checkoutUrl: string }
    | { provider: 'razorpay'; keyId: string; scriptUrl: string }
    | null;
  prefill: { name: string; email: string; contact: string };
};

const verify = (body: { orderNo: string; providerOrderId: string; paymentId: string; signature: string }) =>
  callApi<{ orderNo: string }>('/api/payments/verify', { method: 'POST', body });
const thankYou = (orderNo: string) => `/thankyou?order=${encodeURIComponent(orderNo)}`;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const orderNo = params.get('order') ?? '';
  if (!orderNo) return { page: null, notice: null };
  const paymentId = params.get('payment_id');
  const providerOrderId = params.get('provider_order_id');
  const signature = params.get('signature');
  let notice: NoticeValue =
    params.get('payment') === 'failed' ? { kind: 'error', text: ORDER_MESSAGES.paymentFailed } : null;
  // back from the sandbox page with a signed result: the server checks it before the order counts as paid
  if (paymentId && providerOrderId && signature) {
    const result = await verify({ orderNo, providerOrderId, paymentId, signature });
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
    if (result.ok) throw redirect(thankYou(orderNo));
    notice = { kind: 'error', text: result.message || ORDER_MESSAGES.paymentNotVerified };
  }
  const page = await loadOrLogin<PaymentPage>(
    `/api/payments/${encodeURIComponent(orderNo)}`,
    hereOf(request),
  );
  return { page, notice };
}

export function HydrateFallback() {
  return <AccountLoading what="the payment page" />;
}

/** /paymentgateway?order=…: the real amount and order number; pays on the sandbox page or with Razorpay. */
export default function PaymentGateway() {
  const { page, notice: loaded } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<NoticeValue>(loaded);
  const [busy, setBusy] = useState(false);
  const back = { to: '/deliveryfinalreview', label: 'Back to review' };
  if (!page) {
    return (
      <AccountPage title="Payment" back={back} narrow>
        <p className="account-notice error" role="alert">
          {ORDER_MESSAGES.orderNotFound}
        </p>
      </AccountPage>
    );
  }

  async function pay() {
    if (!page?.checkout || !page.providerOrderId) return;
    const { checkout, providerOrderId } = page;
    if (checkout.provider === 'sandbox') {
      window.location.assign(checkout.checkoutUrl);
      return;
    }
    setBusy(true);
    const Razorpay = await loadRazorpay(checkout.scriptUrl);
    if (!Razorpay) {
      setBusy(false);
      setNotice({ kind: 'error', text: ORDER_MESSAGES.razorpayNotLoaded });
      return;
    }
    new Razorpay({
      key: checkout.keyId,
      amount: page.amountPaise, // spec §7: the amount in paise, INR
      currency: 'INR',
      order_id: providerOrderId,
      name: 'Bazaar',
      description: `Order ${page.orderNo}`,
      prefill: page.prefill,
      handler: (result) => {
        void verify({
          orderNo: page.orderNo,
          providerOrderId: result.razorpay_order_id,
          paymentId: result.razorpay_payment_id,
          signature: result.razorpay_signature,
        }).then((verified) => {
          setBusy(false);
          if (verified.ok) void navigate(thankYou(page.orderNo));
          else setNotice({ kind: 'error', text: verified.message || ORDER_MESSAGES.paymentNotVerified });
        });
      },
      modal: { ondismiss: () => setBusy(false) },
    }).open();
  }

  return (
    <AccountPage title="Payment" back={back} narrow>
      <Notice notice={notice} />
      <section className="order-card" aria-label="Payment">
        <h2>Pay for your order</h2>
        <dl className="order-facts">
          <dt>Order number</dt>
          <dd data-testid="order-no">{page.orderNo}</dd>
          <dt>Deliver to</dt>
          <dd>{page.prefill.name}</dd>
          <dt>Amount payable</dt>
          <dd className="order-amount" data-testid="amount">
            {formatInr(page.amountPaise)}
          </dd>
        </dl>
        {page.status === 'awaiting_payment' && (
          <button type="button" className="btn" onClick={() => void pay()} disabled={busy}>
            Proceed to Pay
          </button>
        )}
        {page.status === 'paid' && (
          <p className="account-notice success" role="status">
            {ORDER_MESSAGES.alreadyPaid} <Link to={thankYou(page.orderNo)}>See your order</Link>
          </p>
        )}
        {page.status === 'cancelled' && (
          <p className="account-notice error" role="alert">
            {ORDER_MESSAGES.orderExpired}
          </p>
        )}
        <p className="order-secure">Payments are verified by the server before your order is confirmed.</p>
      </section>
    </AccountPage>
  );
}
