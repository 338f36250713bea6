import { useState } from 'react';
import { formatInr } from '@marketplace/domain';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { PaymentPage, PaymentVerified } from '@marketplace/domain/orders/place-order';
import { redirect, useLoaderData, useNavigate } from 'react-router';
import { useLocalPath, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { useCheckoutServerText } from '../../components/checkout/checkout-texts.tsx';
import { loadRazorpay } from '../../components/orders/razorpay-checkout.ts';
import { browserFetch, requestApi } from '../../lib/account-api.ts';
import { actionApi, loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import '../../components/orders/orders.css';
import { Alert } from '../../components/ui/alert.tsx';

type VerifyBody = { orderNo: string; providerOrderId: string; paymentId: string; signature: string };
const verify = (body: VerifyBody) =>
  requestApi(browserFetch, 'POST', '/api/payments/verify', PaymentVerified, body);
const thankYou = (orderNo: string) => `/thankyou?order=${encodeURIComponent(orderNo)}`;

/**
 * The payment page of an online order, rendered on the server. Back from the sandbox page with a
 * signed result, the server checks the signature before the order counts as paid (requirements#server-prices).
 * A notice is the domain's English text; the page says it in its language.
 */
export async function loader({ request, context, url }: LoaderArgs) {
  const params = url.searchParams;
  const orderNo = params.get('order') ?? '';
  if (!orderNo) return { page: null, notice: null };
  const paymentId = params.get('payment_id');
  const providerOrderId = params.get('provider_order_id');
  const signature = params.get('signature');
  let notice: NoticeValue =
    params.get('payment') === 'failed' ? errorNotice(ORDER_MESSAGES.paymentFailed) : null;
  if (paymentId && providerOrderId && signature) {
    const result = await actionApi(context).call('POST', '/api/payments/verify', PaymentVerified, {
      orderNo,
      providerOrderId,
      paymentId,
      signature,
    });
    if (result.ok) return redirect(localizedPath(splitLanguage(url.pathname).language, thankYou(orderNo)));
    notice = errorNotice((result.kind === 'refused' && result.message) || ORDER_MESSAGES.paymentNotVerified);
  }
  const page = await loadFromApi(
    context,
    request,
    `/api/payments/${encodeURIComponent(orderNo)}`,
    PaymentPage,
  );
  return { page, notice };
}

/** /paymentgateway?order=…: the real amount and order number; pays on the sandbox page or with Razorpay. */
export default function PaymentGateway() {
  const { page, notice: loaded } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const t = useT();
  const localPath = useLocalPath();
  const say = useCheckoutServerText();
  const hydrated = useHydrated();
  const [notice, setNotice] = useState<NoticeValue>(() =>
    loaded ? { kind: loaded.kind, text: say.text(loaded.text) } : null,
  );
  const [busy, setBusy] = useState(false);
  const back = { to: '/deliveryfinalreview', label: t('checkout.payment.back') };
  if (!page) {
    return (
      <AccountPage title={t('checkout.payment')} back={back} narrow>
        <Alert tone="error" className="account-notice">
          {t('checkout.order.notFound')}
        </Alert>
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
      setNotice({ kind: 'error', text: t('checkout.payment.razorpayNotLoaded') });
      return;
    }
    new Razorpay({
      key: checkout.keyId,
      amount: page.amountPaise, // requirements#payments: the amount in paise, INR
      currency: 'INR',
      order_id: providerOrderId,
      name: 'Bazaar',
      // Razorpay's own window takes its language from the shop's Razorpay settings; its docs ask the
      // description to start with an alphanumeric character, so it stays in English
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
          if (verified.ok) void navigate(localPath(thankYou(page.orderNo)));
          else
            setNotice(
              errorNotice(
                say.text(
                  (verified.kind === 'refused' && verified.message) || ORDER_MESSAGES.paymentNotVerified,
                ),
              ),
            );
        });
      },
      modal: { ondismiss: () => setBusy(false) },
    }).open();
  }

  return (
    <AccountPage title={t('checkout.payment')} back={back} narrow>
      <Notice notice={notice} />
      <section className="order-card" aria-label={t('checkout.payment')}>
        <h2>{t('checkout.payment.heading')}</h2>
        <dl className="order-facts">
          <dt>{t('checkout.orderNumber')}</dt>
          <dd data-testid="order-no" translate="no">
            {page.orderNo}
          </dd>
          <dt>{t('checkout.deliverTo')}</dt>
          <dd translate="no">{page.prefill.name}</dd>
          <dt>{t('checkout.payment.amount')}</dt>
          <dd className="order-amount" data-testid="amount">
            {formatInr(page.amountPaise)}
          </dd>
        </dl>
        {page.status === 'awaiting_payment' &&
          // the sandbox's page is a plain link before the scripts run; Razorpay's window needs them
          (page.checkout?.provider === 'sandbox' && !hydrated ? (
            <a className="btn" href={page.checkout.checkoutUrl}>
              {t('checkout.payment.proceed')}
            </a>
          ) : (
            <button type="button" className="btn" onClick={() => void pay()} disabled={busy || !hydrated}>
              {t('checkout.payment.proceed')}
            </button>
          ))}
        {page.status === 'paid' && (
          <Alert tone="success" className="account-notice">
            {t('checkout.payment.alreadyPaid')}{' '}
            <Link to={thankYou(page.orderNo)}>{t('checkout.payment.seeOrder')}</Link>
          </Alert>
        )}
        {page.status === 'cancelled' && (
          <Alert tone="error" className="account-notice">
            {t('checkout.payment.expired')}
          </Alert>
        )}
        <p className="order-secure">{t('checkout.payment.verifiedNote')}</p>
      </section>
    </AccountPage>
  );
}
