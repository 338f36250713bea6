// The e-invoices module's face: registering B2B documents with the Invoice Registration Portal
// (requirements#e-invoicing), e-way bills (requirements#eway-bill) and the seller's tax settings.
export type { IrpProvider, PortalError, PortalResult } from './provider.ts';
export { createSandboxIrp, type SandboxIrp } from './sandbox.ts';
// the NIC contract's paths and payload encryption, for the local stand-in the adapter is tested against
export { aesDecrypt, aesEncrypt, createNicIrp, NIC_PATHS, type NicConfig } from './nic.ts';
export { eInvoiceConsoleRoutes, eInvoiceRoutes } from './routes.ts';
export { eInvoiceJob, generateDueEwayBills, registerDueEInvoices } from './register.ts';
export { complianceOfShipments, queueEInvoice, queueEwayBill, type ShipmentCompliance } from './queue.ts';
