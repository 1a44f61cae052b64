import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MODULES = path.dirname(fileURLToPath(import.meta.url));

/**
 * Temporary: the ledger module is being rewritten into the ledger kernel (issue 20, item 1)
 * and reads these tables of other modules meanwhile. Remove once that rewrite is merged;
 * nothing may be added here.
 */
const LEDGER_ALLOWED = new Set([
  'ledger/accounts.service.ts → entities/entities.tables',
  'ledger/balances.service.ts → reference-data/reference-data.tables',
  'ledger/balances.service.ts → users/users.tables',
  'ledger/cash-entries.service.ts → entities/entities.tables',
  'ledger/cash-entries.service.ts → reference-data/reference-data.tables',
  'ledger/ledger.service.ts → entities/entities.tables',
  'ledger/ledger.service.ts → reference-data/reference-data.tables',
]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Module code: not a table file (tables may reference each other for foreign keys), a test or its kit, or demo seeds. */
const isModuleCode = (rel: string) =>
  rel.endsWith('.ts') &&
  !rel.startsWith('demo/') &&
  !/\.tables\.ts$|\.seed\.ts$|\.test\.ts$|\.test-support\.ts$|test-kit\.ts$/.test(rel);

/** Each import of another module's tables (or of the schema aggregate, which holds them all) by `rel`. */
function tableImports(rel: string, source = readFileSync(path.join(MODULES, rel), 'utf8')): string[] {
  const dir = path.dirname(path.join(MODULES, rel));
  const own = rel.split('/')[0];
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((i) => path.relative(MODULES, path.resolve(dir, i.fileName)).split(path.sep).join('/'))
    .filter(
      (target) =>
        target === '../db/schema' ||
        (/^[\w-]+\/[\w-]+\.tables$/.test(target) && target.split('/')[0] !== own),
    )
    .map((target) => `${rel} → ${target}`);
}

describe('module edges', () => {
  const code = filesUnder(MODULES)
    .map((f) => path.relative(MODULES, f).split(path.sep).join('/'))
    .filter(isModuleCode);

  it('no service, repo or route reads another module’s tables: it asks that module’s service', () => {
    expect(code.length).toBeGreaterThan(50);
    const violations = code.flatMap((rel) => tableImports(rel)).filter((edge) => !LEDGER_ALLOWED.has(edge));
    expect(violations).toEqual([]);
  });

  it('catches a value, type-only or re-exported import of another module’s tables, and the schema aggregate', () => {
    const source = `import { holds } from '../ledger/ledger.tables';
      import type { users } from '../users/users.tables';
      import * as schema from '../../db/schema';
      export { requests } from '../requests/requests.tables';
      import { fileProofs } from './money-requests.tables';
      import { createEvents } from '../../platform/events';`;
    expect(tableImports('money-requests/probe.service.ts', source)).toEqual([
      'money-requests/probe.service.ts → ledger/ledger.tables',
      'money-requests/probe.service.ts → users/users.tables',
      'money-requests/probe.service.ts → ../db/schema',
      'money-requests/probe.service.ts → requests/requests.tables',
    ]);
    expect(isModuleCode('wallets/wallets.tables.ts')).toBe(false);
    expect(isModuleCode('demo/demo-money.seed.ts')).toBe(false);
    expect(isModuleCode('wallets/wallets.service.ts')).toBe(true);
  });
});
