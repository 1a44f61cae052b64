import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, ZConfig } from './config';

const README = new URL('../../../../README.md', import.meta.url);

describe('configuration', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['10.0.0.254, 10.1.0.0/16', ['10.0.0.254', '10.1.0.0/16']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses a request time-out under a second, which would cut off ordinary requests', () => {
    expect(loadConfig({}).REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS: /);
  });

  it('is documented in the README’s configuration table, every variable and nothing else', () => {
    const documented = [...readFileSync(README, 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]+)` +\|/gm)].map(
      (m) => m[1],
    );
    expect(documented).toEqual(Object.keys(ZConfig.shape));
  });

  it('names the variable and the fault when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: /);
  });
});
