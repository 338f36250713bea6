import type { Executor } from '@marketplace/db';
import type { ProductServices } from '@marketplace/web';
import type { Logger } from 'pino';
import { productDetail } from './product/detail.ts';
import { productReviews } from './product/reviews.ts';

/** The product pages' data (see apps/web/app/lib/product-data.ts). */
export function createProductServices(db: Executor, _logger?: Pick<Logger, 'warn'>): ProductServices {
  return {
    productDetail: (args) => productDetail(db, args),
    productReviews: (args) => productReviews(db, args),
  };
}
