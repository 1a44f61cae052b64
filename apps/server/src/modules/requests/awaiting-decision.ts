import { REQUEST_TYPES, type RequestType } from '@clearway/contracts/enums';
import type { EntityPermissions, PermissionKey } from '@clearway/contracts/permissions';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { entityBelow, entityNameOf } from '../entities/entity-sql';
import type { Identity } from './request-person';
import { loadViews } from './request-views';
import { requestApprovals, requests } from './requests.tables';

export type { Identity };

/** What the inbox is narrowed to, its order and its page. */
export type AwaitingFilter = {
  types: readonly RequestType[];
  search?: string;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** The request types (of `among`) whose approve key is one of `keys`. */
export const typesDecidableWith = (
  keys: readonly PermissionKey[],
  among: readonly RequestType[] = REQUEST_TYPES,
): RequestType[] => among.filter((t) => keys.includes(requestTypeOf(t).approveKey));

/** `value` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const pairs = (ids: readonly Identity[]) =>
  sql.join(
    ids.map((i) => sql`(${i.kind}, ${i.id})`),
    sql`, `,
  );

/** The request has been approved by this person, through whichever credential (`request-person.ts`). */
const approvedBy = (requestId: SQL | typeof requests.id, person: string) =>
  sql`exists (select 1 from ${requestApprovals} given
               where given.request_id = ${requestId} and given.approver_person = ${person})`;

/**
 * The requests waiting for the caller's decision at entity `entityId` and below it: pending;
 * of a group the caller belongs to when the request's policy names one;
 * of a type whose approve key the caller holds where the request is — read from what the
 * access guard resolved on the acting entity: its own permissions for requests of the
 * entity itself, its child permissions for those below (every entity below holds at least
 * those, so nothing listed is one the caller may not decide; a key granted only on a
 * deeper entity shows that entity's requests when it is the one selected); neither made
 * nor already approved by the caller's person through any credential (maker-checker
 * compares people: `me.identities` are every principal of the caller's person).
 * Narrowed further to `types` and a free-text `search` (request number, requester, entity,
 * reference).
 */
export function awaitingDecision(
  entityId: number,
  held: EntityPermissions,
  me: { identities: readonly Identity[]; person: string },
  myGroups: readonly number[],
  f: { types: readonly RequestType[]; search?: string },
): SQL {
  const here = typesDecidableWith(held.permissions, f.types);
  const below = typesDecidableWith(held.childPermissions, f.types);
  const decidable = or(
    here.length ? and(eq(requests.entityId, entityId), inArray(requests.type, here)) : undefined,
    below.length ? and(entityBelow(requests.entityId, entityId), inArray(requests.type, below)) : undefined,
  );
  const mine = me.identities;
  const owned = mine.length
    ? sql`(${requests.requesterKind}, ${requests.requesterId}) in (${pairs(mine)})`
    : sql`false`;
  const ownedOrApproved = sql`(${owned} or ${approvedBy(requests.id, me.person)})`;
  const search = f.search?.trim();
  const number = search && /^#?\d{1,15}$/.test(search) ? Number(search.replace('#', '')) : null;
  return and(
    eq(requests.status, 'PENDING'),
    decidable ?? sql`false`,
    sql`not ${ownedOrApproved}`,
    // A request whose policy names the approvers' group waits only for its members.
    myGroups.length
      ? sql`(${requests.approverGroupId} is null or ${requests.approverGroupId} = any(${sql.param([...myGroups])}::int[]))`
      : sql`${requests.approverGroupId} is null`,
    search
      ? or(
          number !== null ? eq(requests.id, number) : undefined,
          ilike(requests.requesterName, containing(search)),
          ilike(entityNameOf(requests.entityId), containing(search)),
          ilike(sql`${requests.payload}->>'reference'`, containing(search)),
        )
      : undefined,
  )!;
}

/**
 * A page of the requests waiting for the caller's decision (`awaitingDecision`) with the
 * total, oldest first unless asked otherwise, each read through `schema`.
 */
export async function listAwaiting<S extends z.ZodType>(
  db: DbOrTx,
  entityId: number,
  held: EntityPermissions,
  me: { identities: readonly Identity[]; person: string },
  myGroups: readonly number[],
  f: AwaitingFilter,
  schema: S,
): Promise<{ items: z.output<S>[]; total: number }> {
  const where = awaitingDecision(entityId, held, me, myGroups, f);
  const order = f.direction === 'asc' ? asc : desc;
  // One after the other: `db` may be a transaction's single client.
  const rows = await db
    .select()
    .from(requests)
    .where(where)
    .orderBy(order(requests.createdAt), order(requests.id))
    .limit(f.limit)
    .offset(f.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(requests).where(where);
  return { items: await loadViews(db, rows, schema), total: count?.n ?? 0 };
}

/** Request `requestId` is pending and this person has not approved it yet, through any credential. */
export async function stillToDecide(db: DbOrTx, requestId: number, person: string): Promise<boolean> {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.id, requestId),
        eq(requests.status, 'PENDING'),
        sql`not ${approvedBy(requests.id, person)}`,
      ),
    );
  return row !== undefined;
}
