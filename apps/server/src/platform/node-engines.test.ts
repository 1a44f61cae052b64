import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'));

type LockedPackage = { version?: string; engines?: { node?: string } | string[] };

/**
 * A fresh clone's `npm install` must not print EBADENGINE: every package the lockfile
 * installs (server, web, tests and tools alike) supports the oldest Node the project declares.
 * A dependency that moves to a newer Node fails here, before a newcomer sees the warning.
 */
describe('installed packages and the Node the project declares', () => {
  it('every locked package supports the lowest Node in package.json engines', () => {
    const declared: string = readJson('package.json').engines.node;
    const lowest = semver.minVersion(declared)?.version;
    expect(lowest, `engines.node "${declared}" has no lowest version`).toBeTruthy();
    const lock: { packages: Record<string, LockedPackage> } = readJson('package-lock.json');
    const refusing = Object.entries(lock.packages).flatMap(([where, p]) => {
      const wants = Array.isArray(p.engines) ? undefined : p.engines?.node;
      return wants && !semver.satisfies(lowest ?? '', wants) ? [`${where}@${p.version}: node ${wants}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
