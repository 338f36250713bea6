// The inventory module's face: taking and giving back offers' stock.
export { restoreStock, takeStock, takeStockStatement } from './stock.ts';
export { refreshLowestPrices } from './lowest-price.ts';
