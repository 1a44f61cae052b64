import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { INVALID_SSO_TOKEN } from './sso.service';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const ISSUER = 'https://partner.example';
const AUDIENCE = 'clearway';

describe('single sign-on tokens', () => {
  const t = useTestApp();
  let partner: PrivateKey;
  let stranger: PrivateKey;
  let username = '';

  beforeAll(async () => {
    const keys = await generateKeyPair('ES256', { extractable: true });
    partner = keys.privateKey;
    stranger = (await generateKeyPair('ES256')).privateKey;
    await t.services.auth.sso.createLink({
      name: 'Partner',
      issuer: ISSUER,
      audience: AUDIENCE,
      publicJwk: (await exportJWK(keys.publicKey)) as JWK,
      algorithms: ['ES256'],
    });
    username = (await createUser(t)).username;
  });

  const token = (
    over: { iss?: string; aud?: string; exp?: number; jti?: string; sub?: string; key?: PrivateKey } = {},
  ) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(over.iss ?? ISSUER)
      .setAudience(over.aud ?? AUDIENCE)
      .setSubject(over.sub ?? username)
      .setJti(over.jti ?? crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime(over.exp ?? Math.floor(Date.now() / 1000) + 60)
      .sign(over.key ?? partner);

  const loginWith = (ssoToken: string) => new Agent(t.app).post('/api/auth/login-via-sso', { ssoToken });

  it('signs in with a good token', async () => {
    const res = await loginWith(await token());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username, require2fa: 'no' });
  });

  it('signs in the user an SSO link names by issuer and subject (issue 25)', async () => {
    const linked = await createUser(t);
    const subject = `partner-${crypto.randomUUID()}`;
    await t.database.db.execute(
      sql`insert into user_sso_links (user_id, issuer, subject) values (${linked.id}, ${ISSUER}, ${subject})`,
    );
    const res = await loginWith(await token({ sub: subject }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: linked.username });
  });

  it('checks a token without signing in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate-via-sso',
      payload: { ssoToken: await token() },
    });
    expect(res.json()).toEqual({ username });
  });

  it.each([
    ['a bad signature', () => token({ key: stranger })],
    ['a wrong audience', () => token({ aud: 'someone-else' })],
    ['a wrong issuer', () => token({ iss: 'https://evil.example' })],
    ['an expired token', () => token({ exp: Math.floor(Date.now() / 1000) - 120 })],
    ['an unknown user', () => token({ sub: 'nobody' })],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s with 401', async (_, make) => {
    const res = await loginWith(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_SSO_TOKEN);
  });

  it('refuses alg: none', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 60;
    const unsigned = `${b64({ alg: 'none' })}.${b64({ iss: ISSUER, aud: AUDIENCE, sub: username, jti: 'n1', exp })}.`;
    expect((await loginWith(unsigned)).statusCode).toBe(401);
  });

  it('refuses a replayed jti', async () => {
    const once = await token({ jti: 'only-once' });
    expect((await loginWith(once)).statusCode).toBe(200);
    expect((await loginWith(once)).statusCode).toBe(401);
  });

  it('rejects a body without a token with 400', async () => {
    expect((await new Agent(t.app).post('/api/auth/login-via-sso', {})).statusCode).toBe(400);
  });
});
