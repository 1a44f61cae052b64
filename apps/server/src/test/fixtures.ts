import type { ScopeType } from '@clearway/contracts/authorization';
import { PERMISSION_KEYS, type PermissionKey } from '@clearway/contracts/permissions';
import { entities } from '../modules/entities/entities.tables';
import { Agent } from './agent';
import type { TestContext } from './test-app';

export const DEFAULT_PASSWORD = 'Correct-Horse-42!';

let counter = 0;
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createEntity(
  t: TestContext,
  name = uniqueName('entity-'),
  parentId: number | null = null,
) {
  const [row] = await t.database.db.insert(entities).values({ name, parentId }).returning();
  return row!;
}

/** A user through the real users service (argon2id, policy, history). */
export async function createUser(
  t: TestContext,
  opts: { username?: string; password?: string; twoFactorRequired?: boolean; homeEntityId?: number } = {},
) {
  const homeEntityId = opts.homeEntityId ?? (await createEntity(t)).id;
  const username = opts.username ?? uniqueName('user');
  const password = opts.password ?? DEFAULT_PASSWORD;
  const user = await t.services.users.createUser({
    username,
    email: `${username}@example.test`,
    displayName: username,
    homeEntityId,
    password,
    twoFactorRequired: opts.twoFactorRequired ?? false,
  });
  return { ...user, password };
}

/** Direct grants for a user, written as the authorization module stores them. */
export async function grant(
  t: TestContext,
  userId: string,
  entityId: number,
  keys: readonly PermissionKey[] = PERMISSION_KEYS,
  scope: ScopeType = 'SELF_AND_DESCENDANTS',
) {
  await t.services.authorization.grantDirect(
    t.database.db,
    { kind: 'user', id: userId },
    entityId,
    [...keys],
    scope,
  );
}

/** A signed-in browser-like client for a fresh user (no 2FA) with the given home entity. */
export async function signedInUser(t: TestContext, homeEntityId: number) {
  const user = await createUser(t, { homeEntityId });
  const agent = new Agent(t.app);
  const res = await agent.post('/api/auth/login', { username: user.username, password: user.password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { user, agent };
}

/** A valid, unique Ethereum address (all lower case: valid without an EIP-55 checksum). */
export function randomEthAddress(): string {
  return `0x${[...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A multipart/form-data body with the given files (as a browser's upload sends it). */
export function multipartBody(files: { name: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = `----clearway${Math.random().toString(16).slice(2)}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The first bytes of a real PDF: enough for a type check by content. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n',
);

/** A user acting on an entity, for calling a service directly as a route does after the guard. */
export function actingAs(
  entityId: number,
  user: { id: string; username: string } = { id: 'staff', username: 'staff' },
) {
  return {
    principal: {
      kind: 'user' as const,
      id: user.id,
      name: user.username,
      homeEntityId: entityId,
      via: 'session' as const,
      twoFactorPending: false,
    },
    entityId,
  };
}

/** A valid last day for an API key made by a user: `days` from today (UTC), within API_KEY_MAX_DAYS. */
export const keyExpiry = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
