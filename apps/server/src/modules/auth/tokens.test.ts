import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

describe('programmatic principals', () => {
  const t = useTestApp();
  const call = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/profile/change-password', payload: {}, headers });

  it('exchanges credentials for a bearer token that authenticates calls without CSRF', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { username: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const { accessToken, tokenType, expiresIn } = res.json();
    expect(tokenType).toBe('Bearer');
    expect(expiresIn).toBe(900);
    expect((await call({ authorization: `Bearer ${accessToken}` })).statusCode).toBe(400);
  });

  it('requires the two-factor code for a user with 2FA', async () => {
    const user = await createUser(t, { twoFactorRequired: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { username: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid username, password, or two factor token.');
  });

  it('stops honouring a bearer token once the user is disabled', async () => {
    const user = await createUser(t);
    const { accessToken } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        payload: { username: user.username, password: user.password },
      })
    ).json();
    await t.services.users.setStatus(user.id, 'disabled');
    expect((await call({ authorization: `Bearer ${accessToken}` })).statusCode).toBe(401);
  });

  it('rejects a forged or tampered bearer token', async () => {
    expect((await call({ authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' })).statusCode).toBe(
      401,
    );
  });

  it('authenticates an API key, shown once and stored hashed, and rejects a wrong one', async () => {
    const user = await createUser(t);
    const { key } = await t.services.auth.tokens.createApiKey({
      name: 'reporting',
      homeEntityId: user.homeEntityId,
    });
    expect(key).toMatch(/^cw_[A-Za-z0-9]+_/);
    expect((await call({ 'x-api-key': key })).statusCode).toBe(400);
    expect((await call({ authorization: `ApiKey ${key}` })).statusCode).toBe(400);
    expect((await call({ 'x-api-key': `${key}x` })).statusCode).toBe(401);
  });
});
