import { describe, expect, it } from 'vitest';
import { joinWords, NameSet, sellersFor } from './catalog.ts';
import { CATEGORY_TREE, SELLERS } from './data/catalog.ts';
import { HOME_OFFERS, HOME_PROMO } from './data/content.ts';
import { KIND_DRAWS, PRODUCT_KINDS } from './kinds.ts';

describe('joinWords', () => {
  it.each([
    [
      ['Peacock Books', 'Little Scientist Activity', 'Activity Book'],
      'Peacock Books Little Scientist Activity Book',
    ],
    [['Kairo', 'Nova 5G', 'Smartphone'], 'Kairo Nova 5G Smartphone'],
    [['Rasoi', 'Pro  Grind', 'grind Mixer'], 'Rasoi Pro Grind Mixer'],
    [['Boomtal', 'Bass Bass', 'Speaker'], 'Boomtal Bass Speaker'],
  ])('%j reads %s', (parts, name) => {
    expect(joinWords(...parts)).toBe(name);
  });
});

describe('NameSet', () => {
  it('knows names case-insensitively and tells different names apart', () => {
    const names = new NameSet();
    names.add('Kairo Nova 5G Smartphone (Blue, 128 GB)');
    expect(names.has('kairo nova 5g smartphone (blue, 128 gb)')).toBe(true);
    expect(names.has('Kairo Nova 5G Smartphone (Blue, 256 GB)')).toBe(false);
    expect(names.has('Kairo Nova 5G Smartphone')).toBe(false);
  });

  it('has no collisions among 200,000 similar names', () => {
    const names = new NameSet();
    for (let i = 0; i < 200_000; i++) names.add(`Brand Model ${i} Noun`);
    let collisions = 0;
    for (let i = 200_000; i < 400_000; i++) if (names.has(`Brand Model ${i} Noun`)) collisions++;
    expect(collisions).toBe(0);
  });
});

describe('product drawings', () => {
  const leaves = CATEGORY_TREE.flatMap((c1) =>
    c1.children.flatMap((c2) => c2.children.flatMap((c3) => c3.children)),
  );

  it('draws every product with a drawing that shows what its name says', () => {
    const wrong = leaves.flatMap((leaf) =>
      leaf.nouns
        .filter((noun) => !KIND_DRAWS[leaf.kind].test(noun))
        .map((noun) => `${noun} drawn as ${leaf.kind}`),
    );
    expect(wrong).toEqual([]);
  });

  it('has a drawing of its own for every kind of product in a category', () => {
    // kitchen appliances alone are four different drawings, toys four, beauty a dozen
    const kindsUnder = (name: string) =>
      new Set(
        CATEGORY_TREE.flatMap((c1) => c1.children)
          .filter((c2) => c2.name === name)
          .flatMap((c2) => c2.children.flatMap((c3) => c3.children.map((l) => l.kind))),
      ).size;
    expect(kindsUnder('Kitchen Appliances')).toBeGreaterThanOrEqual(4);
    expect(kindsUnder('Toys & Games')).toBeGreaterThanOrEqual(4);
    expect(new Set(leaves.map((l) => l.kind)).size).toBe(PRODUCT_KINDS.length);
  });
});

describe('home tiles', () => {
  const tiles = [...HOME_PROMO, ...HOME_OFFERS];

  it('never repeat a headline', () => {
    expect(new Set(tiles.map((t) => t.title.toLowerCase())).size).toBe(tiles.length);
  });

  it('draw a product sold in the category they link to', () => {
    for (const tile of tiles) {
      const kinds = new Set(
        CATEGORY_TREE.flatMap((c1) =>
          c1.children.flatMap((c2) =>
            c2.children.flatMap((c3) =>
              c3.children
                .filter((leaf) => [c1.name, c2.name, c3.name, leaf.name].includes(tile.category))
                .map((leaf) => leaf.kind),
            ),
          ),
        ),
      );
      expect([...kinds], tile.title).toContain(tile.kind);
    }
  });
});

describe('sellersFor', () => {
  const sellers = SELLERS.map((s) => ({ name: s.name, sells: s.sells, brand: s.brand ?? null }));
  const paths = CATEGORY_TREE.flatMap((c1) =>
    c1.children.flatMap((c2) =>
      c2.children.flatMap((c3) =>
        c3.children.map((leaf) => ({ leaf, path: [c1.name, c2.name, c3.name, leaf.name] })),
      ),
    ),
  );
  const names = (path: readonly string[], brand: string) =>
    sellersFor(sellers, path, brand).map((s) => s.name);

  it('offers a power bank only through sellers of electronics or its brand', () => {
    const powerBank = paths.find((p) => p.leaf.name === 'Power Banks')?.path ?? [];
    expect(names(powerBank, 'Voltix')).not.toContain('Tricity Sports');
    expect(names(powerBank, 'Voltix')).toContain('Okhla Gadget World');
    expect(names(powerBank, 'Boomtal')).toContain('Boomtal Official Store');
    expect(names(powerBank, 'Voltix')).not.toContain('Boomtal Official Store');
    const teddy = paths.find((p) => p.leaf.name === 'Soft Toys')?.path ?? [];
    expect(names(teddy, 'Jugnu Toys')).not.toContain('Meenakshi Kitchenware');
  });

  it('finds at least three fitting sellers for every brand of every category', () => {
    for (const { leaf, path } of paths)
      for (const brand of leaf.brands)
        expect(names(path, brand).length, `${leaf.name} by ${brand}`).toBeGreaterThanOrEqual(3);
  });

  it('names only categories that exist', () => {
    const all = new Set(paths.flatMap((p) => p.path));
    for (const s of SELLERS) for (const c of s.sells) expect(all.has(c), `${s.name}: ${c}`).toBe(true);
  });
});

describe('model and noun specifications', () => {
  const leaves = CATEGORY_TREE.flatMap((c1) =>
    c1.children.flatMap((c2) => c2.children.flatMap((c3) => c3.children)),
  );

  it('name real models and nouns, real attributes and allowed variant values', () => {
    for (const leaf of leaves) {
      const names = new Set([
        ...leaf.attributes.map((a) => a.name),
        ...leaf.technical.map((t) => t.name),
        ...leaf.variantAxes.map((a) => a.name),
      ]);
      for (const [words, spec] of [
        ...Object.entries(leaf.modelSpecs ?? {}).map(([m, s]) => [m, s, leaf.models] as const),
        ...Object.entries(leaf.nounSpecs ?? {}).map(([n, s]) => [n, s, leaf.nouns] as const),
      ].map(([w, s, list]) => {
        expect(list, leaf.name).toContain(w);
        return [w, s] as const;
      }))
        for (const [key, value] of Object.entries(spec)) {
          expect(names.has(key), `${leaf.name} ${words}: ${key}`).toBe(true);
          const axis = leaf.variantAxes.find((a) => a.name === key);
          if (axis) expect(axis.values, `${leaf.name} ${words}`).toContain(value);
        }
    }
  });

  it('pin every number a power bank, charger or TV model carries', () => {
    for (const leaf of leaves.filter((l) => ['powerbank', 'charger', 'television'].includes(l.kind)))
      for (const model of leaf.models) {
        const n = /(\d+)(K)?\b/.exec(model.replace(/^4K /, ''));
        if (!n || model.endsWith('4K')) continue;
        const promised = n[2] ? `${n[1]}000` : n[1];
        expect(Object.values(leaf.modelSpecs?.[model] ?? {}).join(' '), `${leaf.name}: ${model}`).toContain(
          promised ?? '',
        );
      }
  });
});
