// The ledger module's face: the sellers' settlement entries, written with the documents that cause
// them (requirements#settlement). It imports no other module, so invoicing and payouts both can use it.
// Code outside the module imports only this file (requirements#module-faces).
export {
  type InvoicedItem,
  type InvoiceSales,
  type CodCollection,
  insertSettlementEntries,
  loadSalesContext,
  recordCodCollection,
  recordCodCollections,
  recordReversal,
  recordSales,
  saleRows,
} from './ledger.ts';
