import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { users } from './users.tables';

/**
 * Who the user `userId` names is — username, display name, e-mail, home entity, status — as
 * a subquery another module's query joins laterally: one statement, while this table stays
 * this module's.
 */
export const userIdentityOf = (db: DbOrTx, userId: AnyPgColumn) =>
  db
    .select({
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      homeEntityId: users.homeEntityId,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId))
    .as('user_identity');
