import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, users } from '@marketplace/db';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// The address pages without scripts (ADR-0013): rendered on the server, their forms posted to
// their actions, which call the address API for the shopper of the session.
let t: TestApp;
let priya: string;
let rahul: string;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
});
afterAll(() => t.close());

const NEW_ADDRESS = {
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya@example.com',
  mobile: '9876543210',
  doorNo: '12, Lotus Court',
  street: 'Anna Salai',
  landmark: 'Near Gemini Bridge',
  pincode: '600006',
};

const post = (path: string, cookie: string | null, fields: Record<string, string>) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
const addressesOf = async (email: string) => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(email);
  return t.db.select().from(addresses).where(eq(addresses.userId, user.id)).orderBy(asc(addresses.id));
};
const flashOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith('flash='));

describe('the address pages render on the server', () => {
  it('lists the shopper’s addresses in the first HTML, with no spinner', async () => {
    const html = await (await t.request('/myaddress', { headers: { cookie: priya } })).text();
    const [first] = await addressesOf('priya@example.com');
    expect(html).toContain(first?.street);
    expect(html).not.toContain('class="spinner"');
  });

  it('fills the edit form from the address, and says so when the address is not the shopper’s', async () => {
    const [own] = await addressesOf('priya@example.com');
    const html = await (await t.request(`/addressform?id=${own?.id}`, { headers: { cookie: priya } })).text();
    expect(html).toContain(`value="${own?.doorNo}"`);
    const other = await (
      await t.request(`/addressform?id=${own?.id}`, { headers: { cookie: rahul } })
    ).text();
    expect(other).toContain(ADDRESS_MESSAGES.notFound);
    expect(other).not.toContain(own?.doorNo ?? '');
  });

  it('sends a visitor to log in first', async () => {
    const response = await t.request('/myaddress');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fmyaddress');
  });
});

describe('the address form posted without scripts', () => {
  it('saves a new address and goes to the list with the spec’s message', async () => {
    const before = (await addressesOf('priya@example.com')).length;
    const response = await post('/addressform', priya, NEW_ADDRESS);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/myaddress');
    const flash = flashOf(response)?.split(';')[0] ?? '';
    expect(decodeURIComponent(flash)).toContain(ADDRESS_MESSAGES.added);
    const saved = await addressesOf('priya@example.com');
    expect(saved).toHaveLength(before + 1);
    expect(saved.at(-1)).toMatchObject({ doorNo: NEW_ADDRESS.doorNo, city: 'Chennai' });
    // the list shows the message once, and clears it
    const list = await t.request('/myaddress', { headers: { cookie: `${priya}; ${flash}` } });
    expect(await list.text()).toContain(ADDRESS_MESSAGES.added);
    expect(flashOf(list)).toMatch(/Max-Age=0/);
  });

  it('answers missing, malformed and hostile fields with the spec’s messages and keeps what was typed', async () => {
    const before = (await addressesOf('priya@example.com')).length;
    const missing = await post('/addressform', priya, { ...NEW_ADDRESS, landmark: '', pincode: '12' });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain(ADDRESS_MESSAGES.required.landmark);
    expect(html).toContain(ADDRESS_MESSAGES.pincode);
    expect(html).toContain(`value="${NEW_ADDRESS.doorNo}"`);
    const hostile = await post('/addressform', priya, {
      ...NEW_ADDRESS,
      email: 'a\u0000@b.co',
      street: '<script>x</script>',
    });
    expect(hostile.status).toBe(400);
    expect(await hostile.text()).not.toContain('<script>x</script>');
    const oversized = await post('/addressform', priya, { ...NEW_ADDRESS, street: 'x'.repeat(5000) });
    expect(oversized.status).toBe(400);
    const unknownPincode = await post('/addressform', priya, { ...NEW_ADDRESS, pincode: '999999' });
    expect(unknownPincode.status).toBe(400);
    expect(await unknownPincode.text()).toContain(ADDRESS_MESSAGES.pincode);
    expect(await addressesOf('priya@example.com')).toHaveLength(before);
  });

  it('never edits another shopper’s address', async () => {
    const [own] = await addressesOf('priya@example.com');
    const response = await post(`/addressform?id=${own?.id}`, rahul, {
      ...NEW_ADDRESS,
      street: 'Taken Over',
    });
    expect(response.status).toBe(404);
    const [after] = await addressesOf('priya@example.com');
    expect(after?.street).toBe(own?.street);
    const malformedId = await post('/addressform?id=1%00', priya, NEW_ADDRESS);
    expect(malformedId.status).toBe(404);
  });

  it('sends a visitor’s post to log in, saving nothing', async () => {
    const response = await post('/addressform', null, NEW_ADDRESS);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });

  it('goes on to the delivery review with the new address from checkout', async () => {
    const response = await post('/addressform?fromCheckout=1', priya, {
      ...NEW_ADDRESS,
      street: 'Mount Road',
    });
    expect(response.status).toBe(302);
    const saved = (await addressesOf('priya@example.com')).find((row) => row.street === 'Mount Road');
    expect(response.headers.get('location')).toBe(`/deliveryreview?address=${saved?.id}`);
  });
});

describe('Set Default and delete posted without scripts', () => {
  it('makes an address the default, exactly one', async () => {
    const list = await addressesOf('priya@example.com');
    const other = list.find((row) => !row.isDefault);
    const response = await post('/myaddress', priya, { intent: 'default', id: String(other?.id) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(ADDRESS_MESSAGES.defaultUpdated);
    const after = await addressesOf('priya@example.com');
    expect(after.filter((row) => row.isDefault).map((row) => row.id)).toEqual([other?.id]);
  });

  it('refuses to delete the default, deletes another, and never touches another shopper’s', async () => {
    const list = await addressesOf('priya@example.com');
    const preferred = list.find((row) => row.isDefault);
    const other = list.find((row) => !row.isDefault);
    const refused = await post('/myaddress', priya, { intent: 'delete', id: String(preferred?.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(ADDRESS_MESSAGES.defaultNotDeletable);
    const foreign = await post('/myaddress', rahul, { intent: 'delete', id: String(other?.id) });
    expect(foreign.status).toBe(404);
    const deleted = await post('/myaddress', priya, { intent: 'delete', id: String(other?.id) });
    expect(deleted.status).toBe(200);
    const left = await t.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, other?.id ?? 0)));
    expect(left).toEqual([]);
  });

  it('answers a malformed post with 400', async () => {
    expect((await post('/myaddress', priya, { intent: 'destroy-all', id: '1' })).status).toBe(400);
    expect((await post('/myaddress', priya, { intent: 'delete', id: '1 OR 1=1' })).status).toBe(400);
    expect((await post('/myaddress', priya, {})).status).toBe(400);
  });
});
