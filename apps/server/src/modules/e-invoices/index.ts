// The e-invoices module's face: registering B2B documents with the Invoice Registration Portal
// (requirements#e-invoicing), e-way bills (requirements#eway-bill) and the seller's tax settings.
export type { IrpProvider, PortalResult } from './provider.ts';
export { createSandboxIrp } from './sandbox.ts';
export { createNicIrp, type NicConfig } from './nic.ts';
export { eInvoiceRoutes } from './routes.ts';
export { eInvoiceJob, generateDueEwayBills, registerDueEInvoices } from './register.ts';
export { complianceOfShipments, queueEInvoice, queueEwayBill, type ShipmentCompliance } from './queue.ts';
