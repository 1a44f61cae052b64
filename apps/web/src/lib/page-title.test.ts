import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('page titles (spec section 2)', () => {
  it.each([
    ['dev', 'Clearway · Dev · Trades'],
    ['uat', 'Clearway · Uat · Trades'],
    ['demo', 'Clearway · Demo · Trades'],
    ['production', 'Clearway · Trades'],
  ] as const)('in %s reads "%s"', (env, title) => {
    expect(pageTitle('Clearway', env, 'Trades')).toBe(title);
  });
});
