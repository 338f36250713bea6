import { FailedRefundsPage } from '@marketplace/domain/admin/support-api';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Amount } from '../../../components/ui/price.tsx';
import { Table } from '../../../components/ui/table.tsx';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { formatMoment } from '../format.ts';
import { loadSupport, supportAction } from './support-api.server.ts';
import './support.css';

/** requirements#operator-support (ADR-0011): refunds the job gave up on, the longest waiting first. */
export async function loader({ request, url, context }: LoaderArgs) {
  const page = url.searchParams.get('page') ?? '';
  const path = `/api/admin/refunds/failed${page ? `?page=${encodeURIComponent(page)}` : ''}`;
  const found = await loadSupport(context, request, path, FailedRefundsPage);
  if (found.ok) return { queue: found.data, error: null };
  return data({ queue: null, error: found.message }, { status: 400 });
}

export async function action({ request, context }: ActionArgs) {
  return supportAction(request, context, null);
}

export function meta() {
  return [{ title: 'Failed refunds · Console' }];
}

export default function FailedRefunds() {
  const { queue, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="admin-support">
      <h1>Failed refunds</h1>
      <p>
        Refunds the payment or payout provider refused three times. Check the reason (a closed bank account, a
        payment the provider cannot refund), then send one again: it goes as one more attempt.
      </p>
      {answer && <Alert tone={answer.tone}>{answer.message}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {queue && (
        <>
          <p>
            {queue.total === 0
              ? 'No refunds are waiting.'
              : `${queue.total === 1 ? '1 refund' : `${queue.total} refunds`} waiting, the longest waiting first`}
            {queue.pageCount > 1 && `, page ${queue.page} of ${queue.pageCount}`}
          </p>
          {queue.refunds.length > 0 && (
            <Table
              label="Failed refunds, the longest waiting first"
              stacked
              head={
                <tr>
                  <th scope="col">Failed</th>
                  <th scope="col">Order</th>
                  <th scope="col">Shopper</th>
                  <th scope="col" className="ui-num">
                    Amount
                  </th>
                  <th scope="col">To</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last failure</th>
                  <th scope="col">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              }
            >
              {queue.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td data-label="Failed">{formatMoment(refund.failedAt)}</td>
                  <td data-label="Order">
                    <Link to={`/admin/orders/${refund.orderNo}`}>
                      <span className="admin-support-mono admin-support-nowrap">{refund.orderNo}</span>
                    </Link>
                  </td>
                  <td data-label="Shopper">
                    {refund.shopper.name}
                    <div className="admin-support-sub">{refund.shopper.email}</div>
                  </td>
                  <td data-label="Amount" className="ui-num">
                    <Amount paise={refund.amountPaise} />
                  </td>
                  <td data-label="To">{refund.destination}</td>
                  <td data-label="Attempts">{refund.attempt}</td>
                  <td data-label="Last failure">
                    {refund.failureReason ?? '—'}
                    {refund.providerRefundId && (
                      <div className="admin-support-sub admin-support-mono">
                        {refund.provider} {refund.providerRefundId}
                      </div>
                    )}
                  </td>
                  <td data-label="Action" className="admin-support-nowrap">
                    <Form method="post" aria-label={`Send refund ${refund.id} again`}>
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="refundId" value={refund.id} />
                      <Button type="submit" small busy={busy}>
                        Send again
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <Pager page={queue.page} pages={queue.pageCount} />
        </>
      )}
    </div>
  );
}
