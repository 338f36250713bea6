import {
  SELLER_DOCUMENT_LABELS,
  type SellerDocument,
  type SellerProfile,
} from '@marketplace/domain/sellers/seller-join';
import { Card } from '../ui/card.tsx';
import './onboarding.css';

const OWN_DOCUMENT = (document: SellerDocument) => `/api/seller/documents/${document.id}`;

/**
 * A document of the seller's own, downloaded from the seller API (the seller's session decides);
 * the console passes its own address (requirements#operator-sellers).
 */
export function DocumentList({
  documents,
  hrefOf = OWN_DOCUMENT,
}: {
  documents: readonly SellerDocument[];
  hrefOf?: (document: SellerDocument) => string;
}) {
  if (documents.length === 0) return <p className="sc-join-note">No documents.</p>;
  return (
    <ul className="sc-doc-list">
      {documents.map((document) => (
        <li key={document.id}>
          <span className="sc-doc-kind">{SELLER_DOCUMENT_LABELS[document.kind]}</span>
          <a href={hrefOf(document)} download className="sc-doc-link">
            {document.fileName}
          </a>
          <span className="sc-doc-size">{formatSize(document.sizeBytes)}</span>
        </li>
      ))}
    </ul>
  );
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="sc-facts-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** requirements#seller-onboarding: what the seller sent, as the review team sees it (bank number masked). */
export function ApplicationSummary({
  application,
  documentHref,
}: {
  application: SellerProfile;
  documentHref?: (document: SellerDocument) => string;
}) {
  const identity =
    application.taxStatus === 'registered'
      ? `GSTIN ${application.gstin ?? ''}`
      : `Enrolment number ${application.enrolmentNo ?? ''}`;
  return (
    <div className="sc-summary">
      <Card title="Business">
        <dl className="sc-facts">
          <Row label="Legal name">{application.legalName}</Row>
          <Row label="Display name">{application.displayName}</Row>
          <Row label="Tax identity">{identity}</Row>
          <Row label="PAN">{application.pan ?? ''}</Row>
          <Row label="Invoice number prefix">{application.documentPrefix}</Row>
          {application.state && (
            <Row label="Registered in">
              {application.state}
              {application.taxStatus === 'unregistered' && ' (sells within this state only)'}
            </Row>
          )}
          <Row label="Categories">{application.categories.map((category) => category.name).join(', ')}</Row>
        </dl>
      </Card>
      <Card title="Pickup, returns and contact">
        <dl className="sc-facts">
          <Row label="Pickup">
            <span className="sc-address">{application.pickupAddress}</span> {application.pickupPincode}
          </Row>
          <Row label="Returns">
            <span className="sc-address">{application.returnAddress}</span> {application.returnPincode}
          </Row>
          <Row label="Contact">
            {application.contactName}, {application.contactEmail}, {application.contactMobile}
          </Row>
          <Row label="Payouts to">
            {application.bankAccountName}, {application.bankAccountMasked}, {application.bankIfsc}
          </Row>
        </dl>
      </Card>
      <Card title="Documents">
        <DocumentList documents={application.documents} {...(documentHref ? { hrefOf: documentHref } : {})} />
      </Card>
    </div>
  );
}
