import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { type BankChange, BankChangeList } from '@marketplace/domain/settlement/payout-account';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { Badge, type BadgeTone, Table } from '../../../components/ui/table.tsx';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import './settlements.css';

const FAILED = 'The change could not be saved. Please try again.';

/** requirements#payout-account: every seller's payout account changes, those awaiting approval first. */
export async function loader({ request, context }: LoaderArgs) {
  const list = await requestApi(context.api, 'GET', '/api/admin/settlements/bank-changes', BankChangeList);
  if (!list.ok && list.kind === 'refused' && list.status === 401) return redirect(loginPathFor(request));
  if (!list.ok && list.kind === 'refused' && list.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(list.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (!list.ok)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data('The bank account changes could not be loaded. Please try again.', { status: 503 });
  return { list: list.data };
}

const DIGITS = /^[0-9]{1,10}$/;

/** Propose a change (maker), or approve or reject another's (checker): form posts, working without scripts. */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const api = actionApi(context);
  const none: Record<string, string> = {};
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : '';
  };
  const intent = text('intent');
  const sellerId = text('sellerId').trim();
  const changeId = text('changeId');
  if (!form || !DIGITS.test(sellerId) || !['propose', 'approve', 'reject'].includes(intent)) {
    const fields: Record<string, string> = { sellerId: 'Please give the seller’s number.' };
    return data({ error: FAILED, fields, message: null }, { status: 400, headers: api.headers });
  }
  if (intent !== 'propose' && !DIGITS.test(changeId))
    return data({ error: FAILED, fields: none, message: null }, { status: 400, headers: api.headers });
  const answer =
    intent === 'propose'
      ? await api.call('POST', `/api/admin/sellers/${sellerId}/bank-changes`, BankChangeList, {
          bankAccountName: text('bankAccountName'),
          bankAccountNumber: text('bankAccountNumber'),
          confirmAccountNumber: text('confirmAccountNumber'),
          bankIfsc: text('bankIfsc'),
          reason: text('reason'),
        })
      : await api.call(
          'POST',
          `/api/admin/sellers/${sellerId}/bank-changes/${changeId}/${intent}`,
          BankChangeList,
        );
  if (answer.ok)
    return data(
      { error: null, fields: none, message: answer.data.message ?? null },
      { headers: api.headers },
    );
  if (answer.kind === 'refused' && answer.status === 401) return redirect(loginPathFor(request));
  return data(
    {
      error: answer.kind === 'refused' ? answer.message : FAILED,
      fields: answer.kind === 'refused' ? answer.fields : none,
      message: null,
    },
    { status: answer.kind === 'refused' ? answer.status : 503, headers: api.headers },
  );
}

export function meta() {
  return [{ title: 'Bank account changes · Console' }];
}

const STATUS: Record<BankChange['status'], [string, BadgeTone]> = {
  awaiting_code: ['Waiting for the seller’s OTP', 'neutral'],
  awaiting_approval: ['Awaiting approval', 'warning'],
  applied: ['Applied', 'success'],
  rejected: ['Rejected', 'neutral'],
};

/** What the bank said about the account: its name, a mismatch, or why it cannot be paid. */
function BankAnswer({ change }: { change: BankChange }) {
  if (change.validationState === 'invalid') return <Badge tone="danger">Bank refused the account</Badge>;
  if (change.validationState === 'failed') return <Badge tone="warning">Bank did not answer</Badge>;
  if (!change.verifiedName) return <Badge tone="info">Being checked</Badge>;
  return (
    <>
      <span className="settle-title">{change.verifiedName}</span>
      {change.nameMatches === false ? (
        <Badge tone="danger">Name does not match “{change.accountName}”</Badge>
      ) : (
        <span className="settle-sub">Matches the name typed</span>
      )}
    </>
  );
}

/**
 * requirements#payout-account: /admin/settlements/bank-changes. One finance staff member proposes a
 * new payout account for a seller (from the seller's signed letter); another approves it after
 * reading the name the bank holds. Approved, it is applied with a 48-hour hold and the seller is told.
 */
export default function BankChanges() {
  const { list } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const fieldError = (name: string) => answer?.fields[name] ?? undefined;
  return (
    <div className="settle-page">
      <h1>Bank account changes</h1>
      <p className="settle-lead">
        A seller changes its own payout account in Seller Central with an OTP to its registered email and
        mobile. When a seller cannot, one of you proposes the change here and another approves it. Every
        change holds the seller’s payouts for 48 hours and tells the seller’s old contacts.
      </p>
      {list.payoutsStopped && (
        <Alert tone="error" title="Payouts are stopped">
          {list.payoutsStopped}
        </Alert>
      )}
      {answer?.message && <Alert tone="success">{answer.message}</Alert>}
      {answer?.error && <Alert tone="error">{answer.error}</Alert>}
      <section className="settle-section" aria-labelledby="bank-changes">
        <h2 id="bank-changes">Changes</h2>
        {list.changes.length === 0 ? (
          <p className="settle-note">No bank account changes yet.</p>
        ) : (
          <Table
            label="Bank account changes"
            stacked
            head={
              <tr>
                <th scope="col">Seller</th>
                <th scope="col">New account</th>
                <th scope="col">Name at the bank</th>
                <th scope="col">Asked by</th>
                <th scope="col">Status</th>
                <th scope="col">Decision</th>
              </tr>
            }
          >
            {list.changes.map((change) => {
              const [label, tone] = STATUS[change.status];
              return (
                <tr key={change.id}>
                  <th scope="row">
                    {change.sellerName}
                    <span className="settle-sub">Seller {change.sellerId}</span>
                  </th>
                  <td data-label="New account">
                    <span className="settle-title">{change.accountName}</span>
                    <span className="settle-sub settle-mono">
                      {change.accountMasked} · {change.ifsc}
                    </span>
                  </td>
                  <td data-label="Name at the bank">
                    <BankAnswer change={change} />
                  </td>
                  <td data-label="Asked by" className="settle-wrap">
                    {change.source === 'seller' ? 'The seller (OTP)' : change.proposedBy}
                    {change.reason && <span className="settle-sub">{change.reason}</span>}
                    <span className="settle-sub">{formatIndianDateTime(change.createdAt)}</span>
                  </td>
                  <td data-label="Status">
                    <Badge tone={tone}>{label}</Badge>
                    {change.decidedBy && <span className="settle-sub">by {change.decidedBy}</span>}
                  </td>
                  <td data-label="Decision">
                    {change.status === 'awaiting_approval' ? (
                      <Form
                        method="post"
                        className="settle-actions"
                        aria-label={`Decide change ${change.id}`}
                      >
                        <input type="hidden" name="sellerId" value={change.sellerId} />
                        <input type="hidden" name="changeId" value={change.id} />
                        <Button type="submit" name="intent" value="approve" disabled={busy}>
                          Approve
                        </Button>
                        <Button
                          type="submit"
                          name="intent"
                          value="reject"
                          variant="secondary"
                          disabled={busy}
                        >
                          Reject
                        </Button>
                      </Form>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
      </section>
      <section className="settle-section" aria-labelledby="bank-propose">
        <h2 id="bank-propose">Propose a change</h2>
        <Form method="post" className="ui-form" aria-label="Propose a change" autoComplete="off">
          <div className="ui-form-grid">
            <Field
              label="Seller number"
              name="sellerId"
              inputMode="numeric"
              maxLength={10}
              required
              error={fieldError('sellerId')}
            />
            <Field
              label="Account holder’s name"
              name="bankAccountName"
              maxLength={120}
              required
              error={fieldError('bankAccountName')}
            />
            <Field
              label="Account number"
              name="bankAccountNumber"
              inputMode="numeric"
              maxLength={22}
              required
              error={fieldError('bankAccountNumber')}
            />
            <Field
              label="Account number again"
              name="confirmAccountNumber"
              inputMode="numeric"
              maxLength={22}
              required
              error={fieldError('confirmAccountNumber')}
            />
            <Field label="IFSC" name="bankIfsc" maxLength={11} required error={fieldError('bankIfsc')} />
            <TextAreaField
              label="Why (the seller’s letter, a ticket)"
              name="reason"
              rows={2}
              maxLength={500}
              wide
              required
              error={fieldError('reason')}
            />
          </div>
          <div>
            <Button type="submit" name="intent" value="propose" disabled={busy}>
              Propose change
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
