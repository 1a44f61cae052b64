import { hash, verify } from '@node-rs/argon2';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { checkPassword, PASSWORD_POLICY } from './password-policy';
import {
  acceptTotpStep,
  addPasswordHistory,
  findUserByEmail,
  findUserByEntraObjectId,
  findUserById,
  findUserByLogin,
  findUserByUsername,
  insertUser,
  recentPasswordHashes,
  type UserRow,
  updateUser,
} from './users.repo';

export type { UserRow };

// Verified against when the username is unknown, so both paths cost one argon2 verify.
const DUMMY_HASH = await hash('clearway-timing-equaliser');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type NewUser = {
  username: string;
  email: string;
  displayName: string;
  homeEntityId: number;
  password: string;
  twoFactorRequired?: boolean;
};

/** Users: identity, password (argon2id, policy, history) and status. */
export function createUsersService(db: Db) {
  async function assertAcceptable(userId: string | null, username: string, password: string, tx: DbOrTx) {
    const broken = checkPassword(password, username);
    if (broken) throw badRequest(broken, { password: broken });
    if (!userId) return;
    for (const old of await recentPasswordHashes(tx, userId, PASSWORD_POLICY.historySize)) {
      if (await verify(old, password)) {
        const msg = `Password must differ from the last ${PASSWORD_POLICY.historySize} passwords`;
        throw badRequest(msg, { password: msg });
      }
    }
  }

  return {
    findByUsername: (username: string) => findUserByUsername(db, username),
    findByLogin: (login: string) => findUserByLogin(db, login),
    findById: (id: string, on: DbOrTx = db) => findUserById(on, id),
    findByEntraObjectId: (oid: string) => findUserByEntraObjectId(db, oid),
    findByEmail: (email: string) => findUserByEmail(db, email),

    /** @throws BadRequest (password policy), Conflict (username taken) */
    async createUser(input: NewUser, tx: DbOrTx = db): Promise<UserRow> {
      await assertAcceptable(null, input.username, input.password, tx);
      if (await findUserByUsername(tx, input.username)) throw conflict('That username is already taken');
      const passwordHash = await hash(input.password);
      const user = await insertUser(tx, { ...input, passwordHash });
      await addPasswordHistory(tx, user.id, passwordHash);
      return user;
    },

    /**
     * Checks a password in constant work whether or not the user exists. Returns the user
     * only when it exists, is active and the password matches.
     */
    async verifyCredentials(login: string, password: string): Promise<UserRow | null> {
      const user = await findUserByUsername(db, login);
      const ok = await verify(user?.passwordHash ?? DUMMY_HASH, password);
      return user && ok && user.status === 'active' ? user : null;
    },

    verifyPassword: (user: UserRow, password: string) => verify(user.passwordHash, password),

    /** @throws BadRequest when the password breaks the policy or repeats a recent one */
    async setPassword(user: UserRow, password: string, tx: DbOrTx = db): Promise<void> {
      await assertAcceptable(user.id, user.username, password, tx);
      const passwordHash = await hash(password);
      await updateUser(tx, user.id, { passwordHash, passwordChangedAt: new Date(), invited: false });
      await addPasswordHistory(tx, user.id, passwordHash);
    },

    /** The name people know a principal by: a user's display name, else the principal's own. */
    async displayName(p: { kind: string; id: string; name: string }, tx: DbOrTx = db): Promise<string> {
      if (p.kind !== 'user' || !UUID.test(p.id)) return p.name;
      return (await findUserById(tx, p.id))?.displayName ?? p.name;
    },

    /** Records a TOTP code's step as used; false when it (or a later one) was used before. */
    acceptTotpStep: (userId: string, step: number) => acceptTotpStep(db, userId, step),

    setStatus: (userId: string, status: 'active' | 'disabled', tx: DbOrTx = db) =>
      updateUser(tx, userId, { status }),
    /** Microsoft Entra signs in the user holding this object id (an SSO link of issuer `ms-entra`). */
    setEntraObjectId: (userId: string, oid: string | null) =>
      updateUser(db, userId, { msEntraObjectId: oid }),
    update: (userId: string, patch: Parameters<typeof updateUser>[2], tx: DbOrTx = db) =>
      updateUser(tx, userId, patch),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
