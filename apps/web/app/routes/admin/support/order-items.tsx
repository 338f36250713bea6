// requirements#operator-support: an order's items (with the cancel-for-the-shopper form where the state
// machine allows it), its payments and the shopper's and sellers' requests.
import type { SupportOrder } from '@marketplace/domain/admin/support-api';
import { Form } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { Amount } from '../../../components/ui/price.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { formatMoment } from '../format.ts';
import { statusTone, statusWords } from './labels.ts';
import type { SupportAnswer } from './support-api.server.ts';

type Item = SupportOrder['items'][number];

function CancelForm({
  item,
  reasons,
  busy,
  answer,
}: {
  item: Item;
  reasons: SupportOrder['cancelReasons'];
  busy: boolean;
  answer: SupportAnswer | undefined;
}) {
  const mine = answer?.intent === 'cancel' && answer.target === String(item.id) && answer.tone === 'error';
  return (
    <details className="admin-support-action" open={mine}>
      <summary>Cancel for the shopper</summary>
      <Form
        method="post"
        className="admin-support-form"
        aria-label={`Cancel ${item.productName} for the shopper`}
      >
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="itemId" value={item.id} />
        <SelectField label="Quantity" name="quantity" defaultValue={String(item.cancellableQuantity)}>
          {Array.from({ length: item.cancellableQuantity }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Shopper’s reason"
          name="reasonId"
          required
          defaultValue=""
          error={mine ? answer.fields?.reasonId : undefined}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {reasons.map((reason) => (
            <option key={reason.id} value={reason.id}>
              {reason.text}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Note (the shopper sees it with the cancellation)"
          name="note"
          maxLength={500}
          rows={2}
          wide
        />
        {mine && <p className="admin-support-error">{answer.message}</p>}
        <Button type="submit" small busy={busy}>
          Cancel item
        </Button>
      </Form>
    </details>
  );
}

export function ItemsCard({
  order,
  busy,
  answer,
}: {
  order: SupportOrder;
  busy: boolean;
  answer: SupportAnswer | undefined;
}) {
  return (
    <Card title="Items">
      <Table
        label="Items"
        stacked
        head={
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Seller</th>
            <th scope="col" className="ui-num">
              Qty
            </th>
            <th scope="col" className="ui-num">
              Price
            </th>
            <th scope="col">Status</th>
          </tr>
        }
      >
        {order.items.map((item) => (
          <tr key={item.id}>
            <td className="ui-cell-wide">
              <strong>{item.productName}</strong>
              <div className="admin-support-sub">
                SKU {item.sku}
                {item.invoiceNo ? ` · ${item.invoiceNo}` : ''}
              </div>
              {item.cancellableQuantity > 0 ? (
                <CancelForm item={item} reasons={order.cancelReasons} busy={busy} answer={answer} />
              ) : (
                item.cancelRefusal &&
                item.cancelledQuantity + item.returnedQuantity + item.replacedQuantity < item.quantity && (
                  <div className="admin-support-sub">Cannot be cancelled: {item.cancelRefusal}</div>
                )
              )}
            </td>
            <td data-label="Seller">{item.seller}</td>
            <td data-label="Qty" className="ui-num">
              {item.quantity}
              {(item.cancelledQuantity > 0 || item.returnedQuantity > 0 || item.replacedQuantity > 0) && (
                <div className="admin-support-sub">
                  {[
                    item.cancelledQuantity > 0 && `${item.cancelledQuantity} cancelled`,
                    item.returnedQuantity > 0 && `${item.returnedQuantity} returned`,
                    item.replacedQuantity > 0 && `${item.replacedQuantity} replaced`,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </div>
              )}
            </td>
            <td data-label="Price" className="ui-num">
              <Amount paise={item.unitPricePaise} />
            </td>
            <td data-label="Status">
              <Badge tone={statusTone(item.status)}>{statusWords(item.status)}</Badge>
              {item.tracking && (
                <div className="admin-support-sub">Shipment: {statusWords(item.tracking)}</div>
              )}
            </td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}

export function PaymentsCard({ payments }: { payments: SupportOrder['payments'] }) {
  return (
    <Card title="Payments">
      {payments.length === 0 ? (
        <p>No online payment: cash on delivery.</p>
      ) : (
        <Table
          label="Payments"
          stacked
          head={
            <tr>
              <th scope="col">When</th>
              <th scope="col">Provider</th>
              <th scope="col">Provider order / payment</th>
              <th scope="col" className="ui-num">
                Amount
              </th>
              <th scope="col">Status</th>
            </tr>
          }
        >
          {payments.map((payment) => (
            <tr key={payment.providerOrderId}>
              <td data-label="When">{formatMoment(payment.createdAt)}</td>
              <td data-label="Provider">{payment.provider}</td>
              <td data-label="Provider ids" className="admin-support-mono">
                {payment.providerOrderId}
                {payment.providerPaymentId && <div>{payment.providerPaymentId}</div>}
              </td>
              <td data-label="Amount" className="ui-num">
                <Amount paise={payment.amountPaise} />
              </td>
              <td data-label="Status">
                <Badge tone={statusTone(payment.status)}>{statusWords(payment.status)}</Badge>
                {payment.failureReason && <div className="admin-support-sub">{payment.failureReason}</div>}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

const KIND_WORDS: Record<string, string> = {
  cancel: 'Cancellation',
  return: 'Return',
  replace: 'Replacement',
};

export function RequestsCard({ requests }: { requests: SupportOrder['requests'] }) {
  return (
    <Card title="Cancellations, returns and replacements">
      {requests.length === 0 ? (
        <p>None asked for.</p>
      ) : (
        <Table
          label="Requests"
          stacked
          head={
            <tr>
              <th scope="col">Request</th>
              <th scope="col">Product</th>
              <th scope="col">Asked by</th>
              <th scope="col">Reasons</th>
              <th scope="col">Status</th>
            </tr>
          }
        >
          {requests.map((request) => (
            <tr key={request.refNo}>
              <td data-label="Request">
                {KIND_WORDS[request.kind] ?? request.kind}
                <div className="admin-support-sub admin-support-mono">{request.refNo}</div>
                <div className="admin-support-sub">{formatMoment(request.createdAt)}</div>
              </td>
              <td data-label="Product">
                {request.productName} × {request.quantity}
              </td>
              <td data-label="Asked by">{request.requestedBy === 'seller' ? 'Seller' : 'Shopper'}</td>
              <td data-label="Reasons" className="ui-cell-wide">
                {request.reasons.join('; ') || '—'}
                {request.additionalInfo && (
                  <div className="admin-support-sub">“{request.additionalInfo}”</div>
                )}
                {request.media.length > 0 && (
                  <ul className="admin-support-badges">
                    {request.media.map((file, i) => (
                      <li key={file.url}>
                        <a href={file.url} target="_blank" rel="noreferrer">
                          {file.kind === 'video' ? 'Video' : `Photo ${i + 1}`}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-label="Status">
                <Badge tone={statusTone(request.status)}>{statusWords(request.status)}</Badge>
                {request.decisionReason && <div className="admin-support-sub">{request.decisionReason}</div>}
                {request.pickedUpAt && (
                  <div className="admin-support-sub">Picked up {formatMoment(request.pickedUpAt)}</div>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
