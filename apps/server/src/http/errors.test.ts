import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['server shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['cannot connect now', withCode('57P03', 'the database system is starting up')],
    ['connection failure', withCode('08006')],
    ['pool connection timeout', new Error('timeout exceeded when trying to connect')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    [
      'wrapped by the ORM',
      Object.assign(new Error('Failed query: select 1'), { cause: withCode('ECONNREFUSED') }),
    ],
  ])('%s means unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a constraint violation', withCode('23514', 'violates check constraint')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s does not', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
