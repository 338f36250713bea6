import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { errorBody } from './errors.ts';

type Parser = { safeParse(value: unknown): { success: boolean; error?: unknown } };
type RouteDefinition = {
  type: string;
  route?: { method: string; path: string; responses?: Record<string, unknown> };
};
type Contract = { method: string; pattern: RegExp; responses: Record<string, unknown> };

const isParser = (value: unknown): value is Parser =>
  typeof value === 'object' &&
  value !== null &&
  'safeParse' in value &&
  typeof value.safeParse === 'function';

function jsonSchemaOf(responses: Record<string, unknown>, status: number): Parser | null {
  const response = (responses[String(status)] ?? responses.default) as
    { content?: Record<string, { schema?: unknown }> } | undefined;
  const schema = response?.content?.['application/json']?.schema;
  return isParser(schema) ? schema : null;
}

/** '/api/addresses/{id}' → /^\/api\/addresses\/[^/]+$/ */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * Checks every JSON answer of the API against the schema its route declares (STYLE.md habit 14:
 * one contract). On in tests and development: a route whose answer drifted from its schema
 * answers 500 with the mismatch, so the route's own tests fail, as the page's client would.
 */
export function checkResponseContracts(
  definitions: () => readonly RouteDefinition[],
): MiddlewareHandler<AppEnv> {
  let contracts: Contract[] | undefined;
  const find = (method: string, path: string) => {
    contracts ??= definitions().flatMap((definition) =>
      definition.type === 'route' && definition.route
        ? [
            {
              method: definition.route.method.toUpperCase(),
              pattern: patternOf(definition.route.path),
              responses: definition.route.responses ?? {},
            },
          ]
        : [],
    );
    // a literal path ('/addresses/default') wins over a parameter ('/addresses/{id}')
    const matches = contracts.filter((contract) => contract.method === method && contract.pattern.test(path));
    return matches.sort((a, b) => b.pattern.source.length - a.pattern.source.length)[0];
  };
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json')) return;
    const contract = find(c.req.method, c.req.path);
    const schema = contract && jsonSchemaOf(contract.responses, c.res.status);
    if (!schema) return;
    const body: unknown = await c.res.clone().json();
    const result = schema.safeParse(body);
    if (result.success) return;
    const problem = `${c.req.method} ${c.req.path} answered ${c.res.status} with a body that does not match its schema`;
    console.error(problem, JSON.stringify(result.error));
    c.res = c.json(errorBody('INTERNAL_ERROR', problem, undefined, c.get('requestId')), 500);
  };
}
