import { MONEY_REQUEST_TYPES } from '@clearway/contracts/endpoints/money-requests.schemas';
import type { TRequestFacts, TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import type { RequestType } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entityNameOf } from '../entities/entity-sql';
import { accountNameOf, postedAtOf } from '../ledger/ledger-sql';
import { fileProofs, requestTransactionHashes } from './money-requests.tables';

type FactRow = {
  id: string;
  entity_name: string;
  account_name: string | null;
  proof_mime: string | null;
  proof_size: number | null;
  proof_by: string | null;
  proof_at: Date | null;
  hash: string | null;
  hash_by: string | null;
  hash_at: Date | null;
  posted_at: Date | null;
};

const MONEY: readonly RequestType[] = MONEY_REQUEST_TYPES;

/** The account a money request moves money from (a whitelisting request has none). */
const sourceAccountOf = (v: TRequestView): number | null =>
  MONEY.includes(v.type) && 'accountId' in v.payload ? v.payload.accountId : null;

/** `date` as the API writes times, or null. */
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/**
 * The facts of listed requests (`ZRequestFacts`): the entity's and source account's names,
 * the file proof, the transaction hash and when the money was posted — one statement
 * whatever the number of requests, keyed by request id.
 */
export async function requestFacts(
  db: DbOrTx,
  views: readonly TRequestView[],
): Promise<Map<number, TRequestFacts>> {
  if (views.length === 0) return new Map();
  const ids = views.map((v) => v.id);
  const entityIds = views.map((v) => v.entityId);
  const accountIds = views.map(sourceAccountOf);
  const { rows } = await db.execute<FactRow>(sql`
    select v.id, ${entityNameOf(sql`v.entity_id`)} as entity_name, ${accountNameOf(sql`v.account_id`)} as account_name,
           proof.mime as proof_mime, proof.size as proof_size, proof.uploaded_by as proof_by, proof.at as proof_at,
           h.hash, h.added_by as hash_by, h.at as hash_at, ${postedAtOf(sql`v.id`)} as posted_at
      from unnest(${sql.param(ids)}::bigint[], ${sql.param(entityIds)}::int[], ${sql.param(accountIds)}::int[])
           as v(id, entity_id, account_id)
      left join ${fileProofs} proof on proof.request_id = v.id
      left join ${requestTransactionHashes} h on h.request_id = v.id`);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        entityName: r.entity_name,
        accountName: r.account_name,
        proof:
          r.proof_mime === null
            ? null
            : {
                mime: r.proof_mime,
                size: Number(r.proof_size),
                uploadedBy: r.proof_by!,
                at: iso(r.proof_at)!,
              },
        transactionHash: r.hash === null ? null : { hash: r.hash, addedBy: r.hash_by!, at: iso(r.hash_at)! },
        postedAt: iso(r.posted_at),
      },
    ]),
  );
}

/** Each view with its facts (`requestFacts`), in the same order. */
export async function withFacts<V extends TRequestView>(
  db: DbOrTx,
  views: readonly V[],
): Promise<(V & TRequestFacts)[]> {
  const facts = await requestFacts(db, views);
  return views.map((v) => {
    const f = facts.get(v.id);
    if (!f) throw new Error(`Request ${v.id}: its facts were not read`);
    return { ...v, ...f };
  });
}
