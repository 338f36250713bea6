import { type FormEvent, useState } from 'react';
import { CANCEL_LIMITS, CANCEL_MESSAGES, CancelVerifyInput } from '@marketplace/domain/orders/cancel';
import { type ClientLoaderFunctionArgs, Link, redirect, useLoaderData, useNavigate } from 'react-router';
import { callApi, hereOf } from '../../components/account/account-api.ts';
import { AccountLoading } from '../../components/account/account-page.tsx';
import { type CancelChoice, CancelItemRow } from '../../components/orders/cancel-item-row.tsx';
import { OrderActionPage } from '../../components/orders/order-action-page.tsx';
import { type CancelForm, confirmCancellation, requestCancellation } from '../../lib/cancel-api.ts';
import '../../components/orders/cancel.css';

type Loaded =
  { kind: 'found'; form: CancelForm; itemId: number | null } | { kind: 'missing' } | { kind: 'failed' };

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  // decision 12: the order, the seller's group and the item are in the URL (/cancelitem?order=&seller=&item=)
  const params = new URL(request.url).searchParams;
  const order = params.get('order') ?? '';
  const seller = params.get('seller') ?? '';
  const item = params.get('item') ?? '';
  if (!/^[A-Za-z0-9-]{1,40}$/.test(order)) return { kind: 'missing' };
  const query = new URLSearchParams({ order, ...(/^[1-9][0-9]{0,9}$/.test(seller) ? { seller } : {}) });
  try {
    const result = await callApi<CancelForm>(`/api/cancellations/form?${query.toString()}`);
    if (result.ok)
      return {
        kind: 'found',
        form: result.data,
        itemId: /^[1-9][0-9]{0,9}$/.test(item) ? Number(item) : null,
      };
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

/** /cancelitem: tick items, choose quantities and reasons, submit, then confirm with the OTP (spec §2, §4, §5). */
export default function CancelItem() {
  const loaded = useLoaderData<typeof clientLoader>();
  if (loaded.kind !== 'found') {
    return (
      <OrderActionPage>
        <p className="account-notice error" role="alert">
          {loaded.kind === 'missing' ? CANCEL_MESSAGES.orderNotFound : CANCEL_MESSAGES.failed}
        </p>
        <Link to="/myorder" className="btn-secondary">
          Back to My Orders
        </Link>
      </OrderActionPage>
    );
  }
  return (
    <OrderActionPage>
      <CancelItemForm form={loaded.form} itemId={loaded.itemId} />
    </OrderActionPage>
  );
}

type RowErrors = Record<number, { quantity?: string; reasons?: string }>;

function CancelItemForm({ form, itemId }: { form: CancelForm; itemId: number | null }) {
  const navigate = useNavigate();
  const [choices, setChoices] = useState<Record<number, CancelChoice>>(() =>
    Object.fromEntries(
      form.items.map((item) => [
        item.id,
        {
          // the item whose Cancel link was followed starts ticked
          isTicked: item.isCancellable && item.id === itemId,
          quantity: item.openQuantity === 1 ? 1 : null,
          reasonIds: [],
        },
      ]),
    ),
  );
  const [additionalInfo, setAdditionalInfo] = useState('');
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasCancellable = form.items.some((item) => item.isCancellable);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ticked = form.items.filter((item) => choices[item.id]?.isTicked);
    if (ticked.length === 0) return setAlert(CANCEL_MESSAGES.selectProduct);
    const errors: RowErrors = {};
    for (const item of ticked) {
      const choice = choices[item.id];
      if (!choice?.quantity) errors[item.id] = { quantity: CANCEL_MESSAGES.selectQuantity };
      if (!choice?.reasonIds.length)
        errors[item.id] = { ...errors[item.id], reasons: CANCEL_MESSAGES.selectReason };
    }
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) return setAlert(null);
    setAlert(null);
    setBusy(true);
    try {
      const result = await requestCancellation({
        orderNo: form.orderNo,
        items: ticked.map((item) => ({
          itemId: item.id,
          quantity: choices[item.id]?.quantity ?? 1,
          reasonIds: choices[item.id]?.reasonIds ?? [],
        })),
        ...(additionalInfo.trim() ? { additionalInfo: additionalInfo.trim() } : {}),
      });
      if (result.ok) {
        setSentTo(result.data.sentTo);
        setCode('');
        setCodeError(null);
      } else {
        setAlert(result.status < 500 && result.message ? result.message : CANCEL_MESSAGES.failed);
      }
    } catch {
      setAlert(CANCEL_MESSAGES.failed);
    }
    setBusy(false);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setCodeError(CANCEL_MESSAGES.otpRequired);
    const checked = CancelVerifyInput.safeParse({ code });
    if (!checked.success) return setCodeError(CANCEL_MESSAGES.invalidOtp);
    setCodeError(null);
    setBusy(true);
    try {
      const result = await confirmCancellation(checked.data.code);
      if (result.ok) return void navigate('/myorder');
      // spec §5: the server's message for a wrong OTP, else 'Invalid OTP'; anything else: try again
      if (result.status === 422 || result.status === 409)
        setCodeError(result.message || CANCEL_MESSAGES.invalidOtp);
      else setCodeError(CANCEL_MESSAGES.failed);
    } catch {
      setCodeError(CANCEL_MESSAGES.failed);
    }
    setBusy(false);
  }

  return (
    <>
      <p className="cancel-order-line">Order # {form.orderNo}</p>
      {form.isPrepaid && (
        <p className="account-notice cancel-fee" role="note">
          {CANCEL_MESSAGES.transactionFee}
        </p>
      )}
      {alert && (
        <p className="account-notice error" role="alert">
          {alert}
        </p>
      )}
      <form className="cancel-form" onSubmit={(e) => void submit(e)} noValidate>
        <ul className="cancel-items">
          {form.items.map((item) => (
            <CancelItemRow
              key={item.id}
              item={item}
              reasons={form.reasons}
              choice={choices[item.id] ?? { isTicked: false, quantity: null, reasonIds: [] }}
              errors={rowErrors[item.id] ?? {}}
              disabled={busy || sentTo !== null}
              onChange={(next) => {
                setChoices((all) => ({ ...all, [item.id]: next }));
                setAlert(null);
              }}
            />
          ))}
        </ul>
        {hasCancellable && (
          <>
            <label className="cancel-info">
              Additional information (optional)
              <textarea
                value={additionalInfo}
                maxLength={CANCEL_LIMITS.additionalInfo}
                rows={3}
                disabled={busy || sentTo !== null}
                onChange={(e) => setAdditionalInfo(e.target.value)}
              />
            </label>
            {sentTo === null && (
              <button type="submit" className="btn" disabled={busy}>
                {busy ? 'Submitting…' : 'Submit'}
              </button>
            )}
          </>
        )}
      </form>
      {sentTo !== null && (
        <form
          className="cancel-otp"
          onSubmit={(e) => void verify(e)}
          noValidate
          aria-label="Confirm cancellation"
        >
          <p>{CANCEL_MESSAGES.codeSent(sentTo)}</p>
          <label htmlFor="cancel-otp">Enter OTP</label>
          <div className="cancel-otp-row">
            <input
              id="cancel-otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CANCEL_LIMITS.codeLength}
              value={code}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'cancel-otp-error' : undefined}
              onChange={(e) => setCode(e.target.value.replace(/[^0-9]/g, ''))}
            />
            <button type="submit" className="btn" disabled={busy}>
              {busy ? 'Verifying…' : 'Verify'}
            </button>
          </div>
          {codeError && (
            <p className="field-error" id="cancel-otp-error" role="alert">
              {codeError}
            </p>
          )}
          <button
            type="button"
            className="btn-secondary btn-small"
            disabled={busy}
            onClick={() => setSentTo(null)}
          >
            Change selection
          </button>
        </form>
      )}
    </>
  );
}
