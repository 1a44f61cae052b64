import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web is organised by domain (CONVENTIONS.md): reads and writes live in a feature's
 * `api/` folder, `src/components` holds UI primitives only, and every invalidation goes
 * through a feature's query-key factory. These read the source tree, so a file that breaks
 * the layout fails here, not in review.
 */
const SRC = join(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  path: relative(SRC, path).replaceAll('\\', '/'),
  text: readFileSync(path, 'utf8'),
}));

/** What makes a file domain code: it reads or writes through the server, or uses a feature. */
const DOMAIN_CODE: [string, RegExp][] = [
  ['a query', /\buse(Suspense)?Quer(y|ies)\s*\(/],
  ['a mutation', /\buseMutation\s*\(/],
  ['query options', /\b(queryOptions|infiniteQueryOptions)\s*\(/],
  ['the query client', /\buseQueryClient\s*\(/],
  ['a server call', /\bapi\s*\(\s*API\./],
  ['the gateway client', /from\s+'\.\.\/lib\/api'/],
  ['the contracts’ endpoint table', /from\s+'@clearway\/contracts\/endpoint-table'/],
  ['a feature', /from\s+'\.\.\/features\//],
];

/** Problems in one file of `src/components`: each kind of domain code it holds. */
function domainCodeIn(text: string): string[] {
  return DOMAIN_CODE.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

/** `invalidateQueries({ queryKey: ['x', …] })` and the like: a key typed by hand, not taken from a factory. */
const LITERAL_KEY =
  /\b(invalidateQueries|refetchQueries|resetQueries|removeQueries)\s*\(\s*\{[^}]*queryKey\s*:\s*\[/;

describe('the web’s layout by domain', () => {
  it('keeps src/components free of queries, mutations, server calls and features (UI primitives only)', () => {
    const offending = files
      .filter((f) => f.path.startsWith('components/'))
      .map((f) => ({ file: f.path, holds: domainCodeIn(f.text) }))
      .filter((f) => f.holds.length > 0);
    expect(offending).toEqual([]);
  });

  it('invalidates queries through the features’ key factories, never a hand-typed array key', () => {
    const offending = files.filter((f) => LITERAL_KEY.test(f.text)).map((f) => f.path);
    expect(offending).toEqual([]);
  });

  it('calls the server only from a feature’s api folder or the gateway itself', () => {
    const offending = files
      .filter((f) => /\bapi\s*\(\s*[A-Z_]+\./.test(f.text) || /\bapi\s*\(\s*API\./.test(f.text))
      .map((f) => f.path)
      .filter((p) => !/^features\/[^/]+\/api\//.test(p) && p !== 'lib/api.ts');
    expect(offending).toEqual([]);
  });

  it('lets a feature use another only through its api folder (pages compose their components)', () => {
    const offending = files.flatMap((f) => {
      const own = /^features\/([^/]+)\//.exec(f.path)?.[1];
      if (!own) return [];
      return [...f.text.matchAll(/from\s+'(\.[^']+)'/g)]
        .map((m) => posix.join(posix.dirname(f.path), m[1]!))
        .map((target) => /^features\/([^/]+)\/([^/]+)/.exec(target))
        .filter((m): m is RegExpExecArray => m !== null && m[1] !== own && m[2] !== 'api')
        .map((m) => `${f.path} → ${m[0]}`);
    });
    expect(offending).toEqual([]);
  });

  it('keeps pages in the routing layer: routes/*.page.tsx compose features, no feature holds a page', () => {
    const offending = files
      .map((f) => f.path)
      .filter((p) => /^features\//.test(p) && (/\/pages\//.test(p) || /\.page\.tsx?$/.test(p)));
    expect(offending).toEqual([]);
    const pages = files.map((f) => f.path).filter((p) => /\.page\.tsx$/.test(p));
    expect(pages.filter((p) => !/^routes\/[^/]+\.page\.tsx$/.test(p))).toEqual([]);
  });

  it('declares no query key by hand outside a feature’s api folder', () => {
    const offending = files
      .filter((f) => /\bqueryKey\s*:\s*\[/.test(f.text))
      .map((f) => f.path)
      .filter((p) => !/^features\/[^/]+\/api\//.test(p));
    expect(offending).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('see a query, a mutation, a server call and a feature import in a component', () => {
    expect(domainCodeIn(`const q = useQuery(x);`)).toEqual(['a query']);
    expect(domainCodeIn(`const m = useMutation({ mutationFn });`)).toEqual(['a mutation']);
    expect(domainCodeIn(`import { api } from '../lib/api';\napi(API.wallet.list, {})`)).toEqual([
      'a server call',
      'the gateway client',
    ]);
    expect(domainCodeIn(`import { X } from '../features/accounts/api/accounts.keys';`)).toEqual([
      'a feature',
    ]);
    expect(domainCodeIn(`export function Pager() { return null; }`)).toEqual([]);
  });

  it('see a literal key in an invalidation, and accept a factory’s', () => {
    expect(LITERAL_KEY.test(`queryClient.invalidateQueries({ queryKey: ['balances', id] })`)).toBe(true);
    expect(LITERAL_KEY.test(`qc.invalidateQueries({\n  queryKey: ['wallets'],\n})`)).toBe(true);
    expect(LITERAL_KEY.test(`queryClient.invalidateQueries({ queryKey: balanceKeys.entity(id) })`)).toBe(
      false,
    );
  });
});
