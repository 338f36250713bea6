import type { Executor } from '@marketplace/db';
import type { ProductServices } from '@marketplace/web';
import type { Logger } from 'pino';
import { productDetail } from './product/detail.ts';
import { mergedTarget } from './product/merged.ts';
import { PRODUCT_LOOKUPS_TTL_MS, productLookups } from './product/lookups.ts';
import { productReviews } from './product/reviews.ts';

/** The product pages' data (see apps/web/app/lib/product-data.ts). */
export function createProductServices(
  db: Executor,
  _logger?: Pick<Logger, 'warn'>,
  {
    keepMs = PRODUCT_LOOKUPS_TTL_MS,
    contentGeneration,
    catalogGeneration,
    now = () => new Date(),
  }: {
    keepMs?: number;
    contentGeneration?: () => number;
    /** ADR-0055: moves when a seller or staff changed the catalog */
    catalogGeneration?: () => number;
    now?: () => Date;
  } = {},
): ProductServices {
  const lookups = productLookups(db, keepMs, undefined, contentGeneration, catalogGeneration);
  return {
    productDetail: (args) => productDetail(db, args, now(), lookups),
    productReviews: (args) => productReviews(db, args),
    mergedProductName: (name) => mergedTarget(db, name),
  };
}
