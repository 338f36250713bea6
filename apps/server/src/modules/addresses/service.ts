import { and, asc, count, desc, eq } from 'drizzle-orm';
import { addresses, type Executor, pincodes } from '@marketplace/db';
import { type DefaultRows, deleteUnlessDefault, lockShopper, setOnlyDefault } from '../accounts/index.ts';
import {
  ADDRESS_LIMIT,
  type Address,
  type AddressFields,
  addressCod,
} from '@marketplace/domain/accounts/addresses';

// Every query here filters by the session shopper's id: another shopper's address reads as missing.

const columns = {
  id: addresses.id,
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  email: addresses.email,
  mobile: addresses.mobile,
  doorNo: addresses.doorNo,
  street: addresses.street,
  landmark: addresses.landmark,
  pincode: addresses.pincode,
  city: addresses.city,
  state: addresses.state,
  isDefault: addresses.isDefault,
  isServiceable: pincodes.isServiceable,
  hasCod: pincodes.hasCod,
};
type Row = { isServiceable: boolean | null; hasCod: boolean | null } & Omit<Address, 'cod'>;

const toAddress = ({ isServiceable, hasCod, ...address }: Row): Address => ({
  ...address,
  cod: addressCod(isServiceable === null || hasCod === null ? null : { isServiceable, hasCod }),
});

const owned = (userId: number, id: number) => and(eq(addresses.userId, userId), eq(addresses.id, id));

const rows: DefaultRows = {
  isDefault: async (tx, userId, id) =>
    (await tx.select({ isDefault: addresses.isDefault }).from(addresses).where(owned(userId, id)))[0]
      ?.isDefault,
  clearDefault: (tx, userId) =>
    tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true))),
  makeDefault: (tx, userId, id) => tx.update(addresses).set({ isDefault: true }).where(owned(userId, id)),
  remove: (tx, userId, id) => tx.delete(addresses).where(owned(userId, id)),
};

/** The shopper's addresses, default first, each with whether cash on delivery reaches it. */
export async function listAddresses(db: Executor, userId: number): Promise<Address[]> {
  const rows = await db
    .select(columns)
    .from(addresses)
    .leftJoin(pincodes, eq(pincodes.pincode, addresses.pincode))
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id));
  return rows.map(toAddress);
}

export async function getAddress(db: Executor, userId: number, id: number): Promise<Address | null> {
  const [row] = await db
    .select(columns)
    .from(addresses)
    .leftJoin(pincodes, eq(pincodes.pincode, addresses.pincode))
    .where(owned(userId, id));
  return row ? toAddress(row) : null;
}

type Saved = { code: 'SAVED'; address: Address };
export type CreateAddressResult = Saved | { code: 'INVALID_PINCODE' } | { code: 'LIMIT_REACHED' };
export type UpdateAddressResult = Saved | { code: 'INVALID_PINCODE' } | { code: 'NOT_FOUND' };

async function placeOf(db: Executor, pincode: string) {
  const [place] = await db
    .select({ city: pincodes.city, state: pincodes.state })
    .from(pincodes)
    .where(eq(pincodes.pincode, pincode));
  return place ?? null;
}

/** Saves a new address; city and state come from the pincode; the shopper's first address becomes the default. */
export async function createAddress(
  db: Executor,
  userId: number,
  fields: AddressFields,
): Promise<CreateAddressResult> {
  const place = await placeOf(db, fields.pincode);
  if (!place) return { code: 'INVALID_PINCODE' };
  const id = await db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [existing] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    const n = existing?.n ?? 0;
    if (n >= ADDRESS_LIMIT) return null;
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, ...place, userId, isDefault: n === 0 })
      .returning({ id: addresses.id });
    return row?.id ?? null;
  });
  const address = id === null ? null : await getAddress(db, userId, id);
  return address ? { code: 'SAVED', address } : { code: 'LIMIT_REACHED' };
}

export async function updateAddress(
  db: Executor,
  userId: number,
  id: number,
  fields: AddressFields,
): Promise<UpdateAddressResult> {
  const place = await placeOf(db, fields.pincode);
  if (!place) return { code: 'INVALID_PINCODE' };
  const updated = await db
    .update(addresses)
    .set({ ...fields, ...place, updatedAt: new Date() })
    .where(owned(userId, id))
    .returning({ id: addresses.id });
  const address = updated.length > 0 ? await getAddress(db, userId, id) : null;
  return address ? { code: 'SAVED', address } : { code: 'NOT_FOUND' };
}

/** requirements#one-default: exactly one default; the old default is cleared and the new one set in one transaction. */
export function setDefaultAddress(db: Executor, userId: number, id: number) {
  return setOnlyDefault(db, rows, userId, id);
}

/** requirements#one-default: the default address cannot be deleted. */
export function deleteAddress(db: Executor, userId: number, id: number) {
  return deleteUnlessDefault(db, rows, userId, id);
}
