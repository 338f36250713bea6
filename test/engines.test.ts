import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Every package the lock file installs runs on the oldest Node.js the project supports
// (requirements#node-versions): a dependency whose `engines` asks for a newer Node must be held
// at a version that does not, until the machines move.

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean }>;
};

const oldest = semver.minVersion(manifest.engines.node)?.version ?? '0.0.0';

describe('Node.js versions', () => {
  it('names an oldest supported Node.js that is a maintained line', () => {
    expect(semver.gte(oldest, '20.19.0')).toBe(true);
  });

  it('installs no package whose engines refuse the oldest supported Node.js', () => {
    const refused = Object.entries(lock.packages)
      .filter(([path]) => path.startsWith('node_modules/'))
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!range || !semver.validRange(range)) return [];
        return semver.satisfies(oldest, range, { includePrerelease: true })
          ? []
          : [`${path.slice('node_modules/'.length)}@${entry.version} needs node ${range}`];
      });
    expect(refused).toEqual([]);
  });
});
