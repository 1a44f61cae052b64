import { describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/principal';
import { createEntity } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

const principal = (homeEntityId: number): Principal => ({
  kind: 'apiKey',
  id: crypto.randomUUID(),
  name: 'resolver test',
  homeEntityId,
  via: 'apiKey',
  twoFactorPending: false,
});

describe('permission resolver', () => {
  const t = useTestApp();

  it('answers questions asked at the same moment (one read) each with its own principal and entity', async () => {
    const root = (await createEntity(t)).id;
    const child = (await createEntity(t, undefined, root)).id;
    const other = (await createEntity(t)).id;
    const viewer = principal(root);
    const trader = principal(other);
    const { authorization, resolver } = t.services;
    await authorization.grantDirect(t.database.db, viewer, root, ['account_view'], 'SELF_AND_DESCENDANTS');
    await authorization.grantDirect(t.database.db, trader, other, ['order_management'], 'SELF');
    const answers = await Promise.all([
      resolver.resolve(viewer, child),
      resolver.resolve(trader, other),
      resolver.resolve(trader, child), // outside the trader's tree
      resolver.resolve(viewer, 2_000_000_000), // no such entity
      resolver.resolve(viewer, root),
    ]);
    expect(answers.map((a) => a?.permissions ?? null)).toEqual([
      ['account_view'],
      ['order_management'],
      null,
      null,
      ['account_view'],
    ]);
  });

  it('applies a grant made between two calls to the second one', async () => {
    const entity = (await createEntity(t)).id;
    const p = principal(entity);
    expect((await t.services.resolver.resolve(p, entity))?.permissions).toEqual([]);
    await t.services.authorization.grantDirect(t.database.db, p, entity, ['account_view'], 'SELF');
    expect((await t.services.resolver.resolve(p, entity))?.permissions).toEqual(['account_view']);
  });
});
