import { commissionRules } from '../schema/index.ts';
import type { SeedContext } from './context.ts';

/**
 * requirements#settlement: the terms of the seeded top-level categories, beside the marketplace's
 * default (written by the migration): thin-margin electronics pay less, fashion and beauty more.
 * Drawn from no random stream, so nothing seeded before changes.
 */
const CATEGORY_TERMS: readonly { category: string; percent: number; minimumPaise: number }[] = [
  { category: 'Electronics', percent: 6, minimumPaise: 1_000 },
  { category: 'Fashion', percent: 15, minimumPaise: 500 },
  { category: 'Beauty & Personal Care', percent: 12, minimumPaise: 500 },
  { category: 'Books & Toys', percent: 8, minimumPaise: 300 },
];

export async function seedCommissionRules(ctx: SeedContext, categoryIds: ReadonlyMap<string, number>) {
  const rows = CATEGORY_TERMS.flatMap(({ category, percent, minimumPaise }) => {
    const scopeId = categoryIds.get(category);
    return scopeId === undefined
      ? []
      : [
          {
            scope: 'category',
            scopeId,
            percentBasisPoints: percent * 100,
            minimumPaise,
            closingFees: [
              { fromPaise: 0, feePaise: 500 },
              { fromPaise: 50_000, feePaise: 1_000 },
              { fromPaise: 100_000, feePaise: 2_000 },
            ],
            shippingFeePerSlabPaise: 3_500,
            effectiveFrom: new Date('2020-01-01T00:00:00Z'),
          },
        ];
  });
  if (rows.length > 0) await ctx.db.insert(commissionRules).values(rows);
  ctx.progress(`commission rules: the default and ${rows.length} categories'`);
}
