import { isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { entities } from '../entities/entities.tables';
import type { UsersService } from '../users/users.service';

/** Demo sign-ins, listed in the README. Each starts with two-factor setup at first sign-in. */
export const DEMO_PASSWORD = 'Clearway-Demo-2026!';
export const DEMO_USERS = [
  { username: 'admin', displayName: 'Platform Admin', email: 'admin@clearway.example' },
] as const;

/** Loads the demo tree's root and personas once; running it again changes nothing. */
export async function seedDemoData(db: Db, users: UsersService): Promise<void> {
  let [root] = await db.select().from(entities).where(isNull(entities.parentId)).limit(1);
  if (!root) [root] = await db.insert(entities).values({ name: 'Clearway Platform' }).returning();
  for (const u of DEMO_USERS) {
    if (await users.findByUsername(u.username)) continue;
    await users.createUser({
      ...u,
      homeEntityId: root!.id,
      password: DEMO_PASSWORD,
      twoFactorRequired: true,
    });
  }
}
