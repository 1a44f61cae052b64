import { ENDPOINT_LIST, endpointKey } from '@clearway/contracts/endpoint-table';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

// Framework routes that are not business calls: the OpenAPI viewer and its assets.
const FRAMEWORK_PREFIXES = ['/docs'];

describe('contract table vs registered routes', () => {
  const t = useTestApp();

  it('registers no /api route that is missing from the contract table', () => {
    const declared = new Set(ENDPOINT_LIST.map((e) => endpointKey(e.method, e.path)));
    const registered = [...t.apiRoutes].filter(
      (r) => !FRAMEWORK_PREFIXES.some((p) => r.split(' ')[1]!.startsWith(p)),
    );
    const undeclared = registered.filter((r) => !declared.has(r));
    const missing = [...declared].filter((d) => !t.apiRoutes.has(d));
    console.info(
      `contract table: ${declared.size} declared, ${registered.length} implemented, ${missing.length} still to implement`,
    );
    expect(undeclared).toEqual([]);
    expect(registered.length).toBeGreaterThan(0);
  });

  it('declares each method and path once', () => {
    const keys = ENDPOINT_LIST.map((e) => endpointKey(e.method, e.path));
    expect(keys.length).toBe(new Set(keys).size);
  });
});
