import { entities } from '../modules/entities/entities.tables';
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
