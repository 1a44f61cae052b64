import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, createUser, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

describe('trading-platform users and account properties', () => {
  const t = useTestApp();
  let desk = 0;
  let admin: Agent;

  beforeAll(async () => {
    desk = (await createEntity(t, uniqueName('Desk '))).id;
    const a = await signedInUser(t, desk);
    await grant(t, a.user.id, desk);
    admin = a.agent;
  });

  it('keeps a user’s login with its trading accounts, and resets its password with the section 5 message', async () => {
    const user = await createUser(t, { homeEntityId: desk });
    expect(
      (
        await admin.post('/api/user-management/celer-user/details', { entityId: desk, userId: user.id })
      ).json(),
    ).toBeNull();
    const login = uniqueName('tp.').replace(/[^A-Za-z0-9._-]/g, '');
    const made = await admin.put('/api/user-management/celer-user/update', {
      entityId: desk,
      userId: user.id,
      loginName: login,
      accounts: ['TP-100', 'TP-200'],
    });
    expect(made.json()).toMatchObject({
      loginName: login,
      status: 'active',
      accounts: ['TP-100', 'TP-200'],
      entityId: desk,
    });
    const listed = (await admin.post('/api/entity/celer-user', { entityId: desk })).json();
    expect(listed.map((u: { loginName: string }) => u.loginName)).toContain(login);
    const reset = await admin.post('/api/user-management/celer-user/reset-password', {
      entityId: desk,
      userName: login,
      id: made.json().id,
    });
    expect(reset.json()).toEqual({ message: `Password reset for ${login} was successful.` });
  });

  it('refuses a login name another user holds with 409', async () => {
    const [a, b] = [await createUser(t, { homeEntityId: desk }), await createUser(t, { homeEntityId: desk })];
    const login = uniqueName('tp.').replace(/[^A-Za-z0-9._-]/g, '');
    await admin.put('/api/user-management/celer-user/update', {
      entityId: desk,
      userId: a.id,
      loginName: login,
    });
    const res = await admin.put('/api/user-management/celer-user/update', {
      entityId: desk,
      userId: b.id,
      loginName: login,
    });
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 to a password reset of a login outside the acting entity', async () => {
    const other = (await createEntity(t, uniqueName('Other '))).id;
    const res = await admin.post('/api/user-management/celer-user/reset-password', {
      entityId: desk,
      userName: 'nobody',
      id: 999999,
    });
    expect(res.statusCode).toBe(404);
    expect(other).toBeGreaterThan(0);
  });

  it('stores account properties (leverage, trading enabled, allowed instruments)', async () => {
    expect(
      (await admin.post('/api/entity/celer-user/account-properties', { entityId: desk })).json(),
    ).toMatchObject({
      leverage: 1,
      tradingEnabled: false,
    });
    const set = await admin.post('/api/entity/celer-user/account-properties/update', {
      entityId: desk,
      leverage: 50,
      tradingEnabled: true,
      allowedInstruments: ['EUR/USD', 'GBP/USD'],
    });
    expect(set.json()).toMatchObject({
      leverage: 50,
      tradingEnabled: true,
      allowedInstruments: ['EUR/USD', 'GBP/USD'],
    });
    const bad = await admin.post('/api/entity/celer-user/account-properties/update', {
      entityId: desk,
      leverage: 0,
      tradingEnabled: true,
    });
    expect(bad.statusCode).toBe(400);
  });
});
