import { AsyncLocalStorage } from 'node:async_hooks';

// ADR-0068: reads that may lag (catalog, listings, search, suggestions, reports) go to a streaming
// replica when DATABASE_READ_URL names one; everything else, and every write, goes to the writer.
// A request decides once where its lag-tolerant reads go (readsFrom), and a browser that has just
// written reads from the writer until the replica has replayed past that write.

type Routing = { replica: boolean };
const routing = new AsyncLocalStorage<Routing>();

/** Runs `work` with its lag-tolerant reads on the replica (true) or on the writer (false). */
export function readsFrom<T>(replica: boolean, work: () => T): T {
  return routing.run({ replica }, work);
}

/** Runs `work` with its lag-tolerant reads on the writer: a load that must see a change just made. */
export function readingFromWriter<T>(work: () => T): T {
  return routing.run({ replica: false }, work);
}

/** True when this async context has already decided where its reads go (an outer request did). */
export function readsDecided(): boolean {
  return routing.getStore() !== undefined;
}

/** A WAL position ('16/B374D848') as one number; null when it is not one. */
export function walPosition(text: string): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

// builders that only read: the replica answers them when the request reads from it
const READ_BUILDERS = new Set<PropertyKey>(['select', 'selectDistinct', 'selectDistinctOn', 'query', '$count']);
const READ_ONLY_TRANSACTION = '25006';

/** The error's SQLSTATE, looked for through drizzle's wrapping. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/**
 * The database (client.ts's `Database`) lag-tolerant reads are given: select builders and the relational query API go to
 * the replica when this async context reads from it (and `useReplica()` when nothing decided);
 * `execute` too, run again on the writer when the replica refuses it as a write (a raw statement
 * that counts an impression, say); inserts, updates, deletes and transactions always to the writer.
 */
export function routedReads<D extends { execute(query: never): PromiseLike<unknown> }>(
  writer: D,
  replica: D,
  useReplica: () => boolean,
): D {
  const onReplica = () => routing.getStore()?.replica ?? useReplica();
  return new Proxy(writer, {
    get(target, property) {
      if (property === 'execute') {
        return (query: never) => {
          if (!onReplica()) return target.execute(query);
          return Promise.resolve(replica.execute(query)).catch((error: unknown) => {
            if (sqlState(error) !== READ_ONLY_TRANSACTION) throw error;
            return target.execute(query);
          });
        };
      }
      const source = READ_BUILDERS.has(property) && onReplica() ? replica : target;
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}
