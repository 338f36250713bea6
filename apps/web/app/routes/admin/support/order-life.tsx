// requirements#operator-support: an order's shipments (with "lost in transit" where the tracking
// allows it), its refunds (with "send again" for a failed one) and its messages.
import type { SupportOrder } from '@marketplace/domain/admin/support-api';
import { Form } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Amount } from '../../../components/ui/price.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { formatMoment } from '../format.ts';
import { statusTone, statusWords } from './labels.ts';
import type { SupportAnswer } from './support-api.server.ts';

type Answer = SupportAnswer | undefined;

export function ShipmentCard({
  shipment,
  busy,
  answer,
}: {
  shipment: SupportOrder['shipments'][number];
  busy: boolean;
  answer: Answer;
}) {
  const mine = answer?.intent === 'lost' && answer.target === shipment.invoiceNo && answer.tone === 'error';
  return (
    <Card
      title={
        <>
          {shipment.isReplacement ? 'Replacement shipment' : 'Shipment'}{' '}
          <span className="admin-support-mono">{shipment.invoiceNo}</span>
        </>
      }
      actions={<Badge tone={statusTone(shipment.status)}>{statusWords(shipment.status)}</Badge>}
    >
      <dl className="admin-support-facts">
        <div>
          <dt>Seller</dt>
          <dd>{shipment.seller}</dd>
        </div>
        <div>
          <dt>Carrier</dt>
          <dd>{shipment.carrier ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>AWB</dt>
          <dd className="admin-support-mono">{shipment.awbNo ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Invoiced</dt>
          <dd>{formatMoment(shipment.createdAt)}</dd>
        </div>
      </dl>
      <ol className="admin-support-events" aria-label={`Tracking of ${shipment.invoiceNo}`}>
        {shipment.events.map((event, i) => (
          <li key={i}>
            <span className="admin-support-when">{formatMoment(event.at)}</span>{' '}
            <strong>{statusWords(event.status)}</strong>
            {event.location && ` · ${event.location}`}
            {event.note && <span className="admin-support-sub"> — {event.note}</span>}
          </li>
        ))}
      </ol>
      {shipment.lostRefusal === null && (
        <details className="admin-support-action" open={mine}>
          <summary>Mark lost in transit</summary>
          <Form method="post" className="admin-support-form" aria-label={`Mark ${shipment.invoiceNo} lost`}>
            <input type="hidden" name="intent" value="lost" />
            <input type="hidden" name="invoiceNo" value={shipment.invoiceNo} />
            <Field label="Note (what the courier said)" name="note" maxLength={500} wide />
            {mine && <p className="admin-support-error">{answer.message}</p>}
            <Button type="submit" small variant="secondary" busy={busy}>
              Mark lost
            </Button>
          </Form>
        </details>
      )}
    </Card>
  );
}

export function RefundsCard({
  refunds,
  busy,
  answer,
}: {
  refunds: SupportOrder['refunds'];
  busy: boolean;
  answer: Answer;
}) {
  return (
    <Card title="Refunds">
      {refunds.length === 0 ? (
        <p>No refunds.</p>
      ) : (
        <Table
          label="Refunds"
          stacked
          head={
            <tr>
              <th scope="col">Started</th>
              <th scope="col" className="ui-num">
                Amount
              </th>
              <th scope="col">To</th>
              <th scope="col">Attempt</th>
              <th scope="col">Provider reference</th>
              <th scope="col">Status</th>
            </tr>
          }
        >
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <td data-label="Started">
                {formatMoment(refund.createdAt)}
                {refund.requestRefNo && (
                  <div className="admin-support-sub admin-support-mono admin-support-nowrap">
                    {refund.requestRefNo}
                  </div>
                )}
              </td>
              <td data-label="Amount" className="ui-num">
                <Amount paise={refund.amountPaise} />
              </td>
              <td data-label="To">{refund.destination}</td>
              <td data-label="Attempt">{refund.attempt}</td>
              <td data-label="Provider reference" className="admin-support-mono">
                {refund.providerRefundId ? `${refund.provider ?? ''} ${refund.providerRefundId}` : '—'}
              </td>
              <td data-label="Status">
                <Badge tone={statusTone(refund.status)}>{statusWords(refund.status)}</Badge>
                {refund.completedAt && (
                  <div className="admin-support-sub">Settled {formatMoment(refund.completedAt)}</div>
                )}
                {refund.failureReason && <div className="admin-support-sub">{refund.failureReason}</div>}
                {refund.canRetry && (
                  <Form method="post" className="admin-support-inline">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="refundId" value={refund.id} />
                    <Button type="submit" small busy={busy}>
                      Send again
                    </Button>
                  </Form>
                )}
                {answer?.intent === 'retry' &&
                  answer.target === String(refund.id) &&
                  answer.tone === 'error' && <p className="admin-support-error">{answer.message}</p>}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

export function MessagesCard({
  sellerMessages,
  sentMessages,
}: {
  sellerMessages: SupportOrder['sellerMessages'];
  sentMessages: SupportOrder['sentMessages'];
}) {
  return (
    <Card title="Messages">
      <h3 className="admin-support-h3">Between the shopper and sellers</h3>
      {sellerMessages.length === 0 ? (
        <p>No messages.</p>
      ) : (
        <ol className="admin-support-thread">
          {sellerMessages.map((message, i) => (
            <li key={i} className={message.author === 'seller' ? 'admin-support-from-seller' : undefined}>
              <div className="admin-support-sub">
                {message.author === 'seller' ? message.seller : 'Shopper'} about {message.productName} ·{' '}
                {formatMoment(message.at)}
              </div>
              {message.body}
            </li>
          ))}
        </ol>
      )}
      <h3 className="admin-support-h3">Sent to the shopper about this order</h3>
      {sentMessages.length === 0 ? (
        <p>Nothing sent.</p>
      ) : (
        <Table
          label="Messages sent to the shopper"
          stacked
          head={
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
            </tr>
          }
        >
          {sentMessages.map((message, i) => (
            <tr key={i}>
              <td data-label="When">{formatMoment(message.createdAt)}</td>
              <td data-label="What">{message.label}</td>
              <td data-label="To">
                {message.channel === 'sms' ? 'SMS' : 'Email'} {message.recipient}
              </td>
              <td data-label="Status">
                <Badge tone={statusTone(message.status)}>{statusWords(message.status)}</Badge>
                {message.sentAt && <div className="admin-support-sub">{formatMoment(message.sentAt)}</div>}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
