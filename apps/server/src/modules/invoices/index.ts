// The invoices module's face: GST tax invoices and credit notes (requirements#gst-invoices).
// Code outside the module imports only this file (requirements#module-faces).
export { issueCreditNote, issueInvoice, productWithoutTaxDetails } from './issue.ts';
export { invoiceRoutes } from './routes.ts';
export { documentsOfOrders, invoiceNumbersOfShipments } from './read.ts';
export { issueMissingDocuments } from './backfill.ts';
