import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it, vi } from 'vitest';
import { checkResponseContracts } from './response-contract.ts';
import { createRouter } from './router.ts';

const Item = z.object({ id: z.number().int(), sellerName: z.string() });
const itemRoute = createRoute({
  method: 'get',
  path: '/items/{id}',
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: { content: { 'application/json': { schema: Item } }, description: 'One item' } },
});
const defaultRoute = createRoute({
  method: 'get',
  path: '/items/default',
  responses: { 200: { content: { 'application/json': { schema: Item } }, description: 'The default' } },
});

/** An API whose item answer is whatever the test says it is. */
function apiAnswering(body: unknown) {
  const api = createRouter();
  api.use(
    '*',
    checkResponseContracts(() => api.openAPIRegistry.definitions),
  );
  api.openapi(defaultRoute, (c) => c.json(body as z.infer<typeof Item>, 200));
  api.openapi(itemRoute, (c) => c.json(body as z.infer<typeof Item>, 200));
  return api;
}

describe('response contracts', () => {
  it('lets an answer that matches its schema through unchanged', async () => {
    const response = await apiAnswering({ id: 1, sellerName: 'Shree Balaji Retail' }).request('/items/1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 1, sellerName: 'Shree Balaji Retail' });
  });

  it('turns an answer that drifted from its schema (a renamed field) into a loud 500', async () => {
    // the mismatch is said on the console: expected here, twice (the test's console guard stays quiet)
    const errors = vi.mocked(console.error);
    errors.mockImplementationOnce(() => undefined).mockImplementationOnce(() => undefined);
    const drifted = await apiAnswering({ id: 1, seller: 'Shree Balaji Retail' }).request('/items/1');
    expect(drifted.status).toBe(500);
    expect(((await drifted.json()) as { error: { message: string } }).error.message).toContain(
      'GET /items/1 answered 200 with a body that does not match its schema',
    );
    expect(errors).toHaveBeenCalledOnce();
    expect(String(errors.mock.calls[0]?.[1])).toContain('sellerName');
    // a literal path is checked against its own route, not the parameter route beside it
    const literal = await apiAnswering({ id: 'one', sellerName: 'x' }).request('/items/default');
    expect(literal.status).toBe(500);
  });

  it('leaves answers without a declared schema alone', async () => {
    const api = apiAnswering({ id: 1, sellerName: 'x' });
    api.get('/plain', (c) => c.json({ anything: true }));
    expect((await api.request('/plain')).status).toBe(200);
    expect((await api.request('/nowhere')).status).toBe(404);
  });
});
