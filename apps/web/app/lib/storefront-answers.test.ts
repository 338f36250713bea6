import { describe, expect, it } from 'vitest';
import type { Suggestion } from '@marketplace/domain/search/suggestions-api';
import type { PincodeAvailability } from '@marketplace/domain/location/pincode-api';
import {
  readBrowsingHistory,
  readCartAvailability,
  readLogout,
  readNearestPincode,
  readPincodeAvailability,
  readProductCards,
  readSaveItem,
  readSuggestions,
} from './storefront-answers.ts';

// STYLE.md habit 14: the storefront's browser-side calls read their answers with the schemas the
// server's routes declare (whose tests answer 500 on a drifted answer). A field renamed on one side
// only is refused here, and each caller treats the refusal as its call having failed.
const answer = (body: unknown) => Response.json(body);

const suggestion: Suggestion = {
  id: 7,
  name: 'Laptops',
  type: 'category',
  image: '/images/default.svg',
  registry: 'No',
  isMatch: true,
};
const place = {
  pincode: '600100',
  city: 'Tambaram',
  locality: 'Madipakkam',
  district: 'Chennai',
  state: 'Tamil Nadu',
  latitude: 12.96,
  longitude: 80.2,
  isServiceable: true,
  hasCod: true,
};

describe('the search box’s suggestions', () => {
  it('are taken when they match the schema', async () => {
    expect(await readSuggestions(answer({ suggestions: [suggestion] }))).toEqual([suggestion]);
  });

  it('are refused when a field drifted (name renamed to title)', async () => {
    const { name, ...rest } = suggestion;
    await expect(readSuggestions(answer({ suggestions: [{ ...rest, title: name }] }))).rejects.toThrow();
  });

  it('are refused when the list itself is renamed', async () => {
    await expect(readSuggestions(answer({ results: [suggestion] }))).rejects.toThrow();
  });
});

describe('the delivery-location picker’s pincode check', () => {
  const checked: PincodeAvailability = { available: true, place };

  it('is taken when it matches the schema', async () => {
    expect(await readPincodeAvailability(answer(checked))).toEqual(checked);
    expect(await readPincodeAvailability(answer({ available: false, place: null }))).toEqual({
      available: false,
      place: null,
    });
  });

  it('is refused when a field drifted (available renamed to isAvailable)', async () => {
    await expect(readPincodeAvailability(answer({ isAvailable: true, place }))).rejects.toThrow();
  });

  it('is refused when the place lost its city', async () => {
    const { city: _, ...placeWithoutCity } = place;
    await expect(
      readPincodeAvailability(answer({ available: true, place: placeWithoutCity })),
    ).rejects.toThrow();
  });
});

describe('the nearest pincode to the browser’s position', () => {
  it('is taken when it matches the schema and refused without its distance', async () => {
    expect(await readNearestPincode(answer({ ...place, distanceKm: 1.5 }))).toEqual({
      ...place,
      distanceKm: 1.5,
    });
    await expect(readNearestPincode(answer(place))).rejects.toThrow();
  });
});

describe('the cart’s availability', () => {
  const line = {
    productId: 3,
    sellerId: 2,
    status: 'Available',
    stock: 4,
    salePricePaise: 99_900,
    mrpPaise: 1_29_900,
    maxPerOrder: 5,
    arrivingDays: 3,
  };

  it('is taken when it matches the schema and refused when a status is not the spec’s', async () => {
    expect((await readCartAvailability(answer({ lines: [line] }))).lines).toEqual([line]);
    await expect(
      readCartAvailability(answer({ lines: [{ ...line, status: 'In stock' }] })),
    ).rejects.toThrow();
  });
});

describe('the browsing history and the viewed products’ cards', () => {
  const entry = {
    productId: 12,
    productName: 'Kairo laptop',
    image: '/media/laptop.svg',
    timestamp: 1_764_000_000_000,
  };
  const card = {
    id: 12,
    name: 'Kairo laptop',
    image: '/media/laptop.svg',
    salePricePaise: 4_999_900,
    mrpPaise: null,
    isAssured: true,
    sellerId: 3,
    stars: { 1: 0, 2: 0, 3: 1, 4: 2, 5: 5 },
    ratingCount: 8,
  };

  it('are taken when they match the schemas', async () => {
    expect(await readBrowsingHistory(answer({ history: [entry] }))).toEqual([entry]);
    expect(await readProductCards(answer({ products: [card] }))).toEqual([card]);
  });

  it('are refused when a field drifted (timestamp renamed to viewedAt, ratingCount to ratings)', async () => {
    const { timestamp, ...entryRest } = entry;
    await expect(
      readBrowsingHistory(answer({ history: [{ ...entryRest, viewedAt: timestamp }] })),
    ).rejects.toThrow();
    const { ratingCount, ...cardRest } = card;
    await expect(
      readProductCards(answer({ products: [{ ...cardRest, ratings: ratingCount }] })),
    ).rejects.toThrow();
  });
});

describe('the account menu’s logout and the product page’s save', () => {
  it('logs out only on the server’s success answer', async () => {
    expect(await readLogout(answer({ success: true }))).toBe(true);
    expect(await readLogout(answer({ ok: true }))).toBe(false);
    expect(await readLogout(new Response('{}', { status: 500 }))).toBe(false);
  });

  it('alerts the saved message, and reads a drifted success answer as a failure', async () => {
    const saved = { success: true, created: true, message: 'Added to your wishlist' };
    expect(await readSaveItem(answer(saved))).toEqual({ ok: true, message: 'Added to your wishlist' });
    const { message, ...rest } = saved;
    expect((await readSaveItem(answer({ ...rest, text: message }))).ok).toBe(false);
    const refused = Response.json(
      { error: { code: 'NOT_FOUND', message: 'No such product.' } },
      { status: 404 },
    );
    expect(await readSaveItem(refused)).toEqual({ ok: false, message: 'No such product.' });
  });
});
