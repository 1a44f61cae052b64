import { menuLeaves } from '@clearway/contracts/menu';
import { QueryClient } from '@tanstack/react-query';
import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { requestSearch } from '../lib/use-opened-request';
import { createAppRouter, historicSearch } from './router';

describe('routes', () => {
  const router = createAppRouter('/', new QueryClient());
  // The routes with a path of their own (not the root or a layout around pages).
  const paths = Object.values(router.routesById)
    .filter((r) => r.options && 'path' in r.options)
    .map((r) => r.fullPath);

  it('give every page of the menu exactly one route, at the menu entry’s path', () => {
    for (const item of menuLeaves().filter((i) => i.path)) {
      expect({ item: item.id, routes: paths.filter((p) => p === item.path).length }).toEqual({
        item: item.id,
        routes: 1,
      });
    }
  });

  it('open the history narrowed to an account only for a positive whole account id', () => {
    // The query string as the router reads it, then as the route checks it.
    const searchOf = (query: string) => historicSearch(defaultParseSearch(query));
    expect(searchOf('?accountId=42')).toEqual({ accountId: 42 });
    for (const bad of ['?accountId=0', '?accountId=-3', '?accountId=1.5', '?accountId=abc', ''])
      expect(searchOf(bad)).toEqual({ accountId: undefined });
  });

  it('open a request’s drawer (a notification’s link) only for a positive whole request id', () => {
    const searchOf = (query: string) => requestSearch(defaultParseSearch(query));
    expect(searchOf('?request=12')).toEqual({ request: 12 });
    for (const bad of ['?request=0', '?request=-3', '?request=1.5', '?request=abc', ''])
      expect(searchOf(bad)).toEqual({ request: undefined });
  });

  it('read the drawer’s request on each page a request notice links to', () => {
    for (const path of ['/approvals', '/deposit-and-withdrawals/requests', '/whitelist-requests']) {
      const route = Object.values(router.routesById).find((r) => r.fullPath === path);
      const validate = (route?.options as { validateSearch?: (s: object) => unknown } | undefined)
        ?.validateSearch;
      expect({ path, search: validate?.({ request: 12 }) }).toEqual({ path, search: { request: 12 } });
    }
  });
});
