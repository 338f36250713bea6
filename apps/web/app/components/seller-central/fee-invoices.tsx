import { formatInr } from '@marketplace/domain/money/money';
import { monthLabel } from '@marketplace/domain/settlement/console-api';
import {
  FEE_DOCUMENT_TITLES,
  FEE_INVOICE_MESSAGES,
  type FeeInvoiceSummary,
} from '@marketplace/domain/settlement/fee-invoices';
import { formatIndianDate } from '@marketplace/domain/text/dates';
import { Link } from 'react-router';
import { Badge, Table } from '../ui/table.tsx';

/**
 * requirements#fee-invoices: the marketplace's tax invoices for the fees deducted from a seller's sales
 * (and credit notes of months whose returns gave back more), as a seller claims them: month, number,
 * taxable value, GST, IRN and the PDF. Shared by Seller Central and the console.
 */
export function FeeInvoicesTable({
  invoices,
  label,
  showSeller = false,
}: {
  invoices: readonly FeeInvoiceSummary[];
  label: string;
  showSeller?: boolean;
}) {
  if (invoices.length === 0) return <p className="sc-fee-empty">{FEE_INVOICE_MESSAGES.none}</p>;
  return (
    <Table
      label={label}
      stacked
      className="sc-fee-table"
      head={
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Document</th>
          {showSeller && <th scope="col">Seller</th>}
          <th scope="col" className="sc-fee-num">
            Taxable value
          </th>
          <th scope="col" className="sc-fee-num">
            GST
          </th>
          <th scope="col" className="sc-fee-num">
            Total
          </th>
          <th scope="col">PDF</th>
        </tr>
      }
    >
      {invoices.map((row) => (
        <tr key={row.id}>
          <td data-label="Month">{monthLabel(row.month)}</td>
          <td data-label="Document">
            <span className="sc-fee-number">{row.number}</span>{' '}
            {row.kind === 'credit_note' && <Badge tone="info">{FEE_DOCUMENT_TITLES.credit_note}</Badge>}
            <span className="sc-fee-sub">
              {formatIndianDate(row.issuedAt)}
              {row.irn ? ' · e-invoice registered' : row.eInvoiceStatus === 'pending' ? ' · IRN pending' : ''}
            </span>
          </td>
          {showSeller && (
            <td data-label="Seller">
              {row.sellerLegalName}
              <span className="sc-fee-sub">{row.sellerGstin ?? 'Not registered (B2C)'}</span>
            </td>
          )}
          <td data-label="Taxable value" className="sc-fee-num">
            {row.kind === 'credit_note' ? '−' : ''}
            {formatInr(row.taxablePaise)}
          </td>
          <td data-label="GST" className="sc-fee-num">
            {row.kind === 'credit_note' ? '−' : ''}
            {formatInr(row.gstPaise)}
          </td>
          <td data-label="Total" className="sc-fee-num">
            {row.kind === 'credit_note' ? '−' : ''}
            {formatInr(row.valuePaise)}
          </td>
          <td data-label="PDF">
            <a href={row.pdfUrl} download aria-label={`Download ${row.number} as PDF`}>
              Download
            </a>
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Payments' way to the fee invoices. */
export function FeeInvoicesLink() {
  return (
    <p className="sc-eng-sub sc-pay-fee-link">
      <Link to="/sellercentral/payments/fee-invoices">Fee invoices</Link>: our monthly GST invoices for the
      fees deducted, to claim as input tax credit.
    </p>
  );
}
