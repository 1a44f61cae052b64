import type { TRefCodeRow } from '@clearway/contracts/endpoints/entity.schemas';
import { BEHAVIOUR_ATTRIBUTES } from '@clearway/contracts/entity-flags';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import { entityAddressTypes, entityAttributes, entityNameSources } from './entities.tables';

/** The entity reference lists staff keep (issue 26). */
export type CodeList = 'addressTypes' | 'nameSources' | 'attributes';

const TABLES = {
  addressTypes: entityAddressTypes,
  nameSources: entityNameSources,
  attributes: entityAttributes,
};
const WHAT: Record<CodeList, string> = {
  addressTypes: 'address type',
  nameSources: 'name source',
  attributes: 'attribute',
};
const behaviour = new Set<string>(BEHAVIOUR_ATTRIBUTES);
const isRequired = (list: CodeList, code: string) => list === 'attributes' && behaviour.has(code);

type Who = { principal: Principal; entityId?: number | null };
type Row = typeof entityAddressTypes.$inferSelect;

function toRow(list: CodeList, r: Row): TRefCodeRow {
  return {
    code: r.code,
    label: r.label,
    active: r.active,
    required: isRequired(list, r.code),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The address types, name sources and attributes an entity's rows may carry: read by the
 * entity forms and filters (active codes), kept by staff (every code, audited), and the
 * check an entity change passes before it is written.
 */
export function createEntityCodes(db: Db) {
  /** The codes offered for new rows, as section 7's `{ code, name }` lists. */
  async function active(list: CodeList) {
    const t = TABLES[list];
    const rows = await db
      .select({ code: t.code, name: t.label })
      .from(t)
      .where(eq(t.active, true))
      .orderBy(asc(t.label));
    return rows;
  }

  async function all(list: CodeList): Promise<TRefCodeRow[]> {
    const t = TABLES[list];
    return (await db.select().from(t).orderBy(asc(t.label))).map((r) => toRow(list, r));
  }

  /** A new code with its label, audited. @throws Conflict (the code exists already) */
  async function create(who: Who, list: CodeList, input: { code: string; label: string }) {
    const t = TABLES[list];
    return db
      .transaction(async (tx) => {
        const [row] = await tx.insert(t).values({ code: input.code, label: input.label }).returning();
        await recordAudit(tx, who, {
          action: `entity.${list}.create`,
          outcome: 'success',
          target: input.code,
          details: { input },
        });
        return toRow(list, row!);
      })
      .catch((err) => {
        if (pgErrorCode(err) === '23505') throw conflict(`The ${WHAT[list]} ${input.code} exists already`);
        throw err;
      });
  }

  /**
   * Relabels, disables or enables a code (its code never changes), audited with the row
   * before. @throws NotFound, Conflict (disabling an attribute the system behaves by)
   */
  async function update(who: Who, list: CodeList, input: { code: string; label?: string; active?: boolean }) {
    const t = TABLES[list];
    if (input.active === false && isRequired(list, input.code))
      throw conflict(
        `The attribute ${input.code} cannot be disabled: the platform's entity types and menus depend on it; it may be relabelled`,
      );
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(t).where(eq(t.code, input.code)).for('update');
      if (!before) throw notFound(`The ${WHAT[list]} ${input.code} does not exist`);
      const [row] = await tx
        .update(t)
        .set({
          ...(input.label !== undefined ? { label: input.label } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(t.code, input.code))
        .returning();
      await recordAudit(tx, who, {
        action: `entity.${list}.update`,
        outcome: 'success',
        target: input.code,
        details: { before: toRow(list, before), input },
      });
      return toRow(list, row!);
    });
  }

  /**
   * Refuses codes a new or changed entity may not carry: each of `uses` (a field and its
   * code) must be an active code, or one the entity carries already (`kept`: a disabled
   * code stays valid where it is). @throws BadRequest naming each field
   */
  async function refuseUnoffered(
    tx: DbOrTx,
    list: CodeList,
    uses: { field: string; code: string }[],
    kept: readonly string[] = [],
  ) {
    const asked = [...new Set(uses.map((u) => u.code).filter((c) => !kept.includes(c)))];
    if (!asked.length) return;
    const t = TABLES[list];
    const found = await tx
      .select({ code: t.code })
      .from(t)
      .where(sql`${inArray(t.code, asked)} and ${t.active}`);
    const offered = new Set(found.map((r) => r.code));
    const wrong = uses.filter((u) => !kept.includes(u.code) && !offered.has(u.code));
    if (!wrong.length) return;
    throw badRequest(
      `Unknown or disabled ${WHAT[list]}: ${[...new Set(wrong.map((u) => u.code))].join(', ')}`,
      Object.fromEntries(wrong.map((u) => [u.field, `is not an active ${WHAT[list]}`])),
    );
  }

  /**
   * The fields of a raw entity body (before validation) naming a code no list has, so a
   * refused body names them beside its other wrong fields. Disabled codes are the service's
   * to judge (`refuseUnoffered`): whether the entity carries one already needs the entity.
   */
  async function unknownFields(raw: unknown): Promise<Record<string, string>> {
    const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const items = (v: unknown) => (Array.isArray(v) ? v.slice(0, 100) : []);
    const uses: { list: CodeList; field: string; code: unknown }[] = [
      ...items(body.attributes).map((code, i) => ({
        list: 'attributes' as const,
        field: `attributes.${i}`,
        code,
      })),
      ...items(body.addresses).map((a, i) => ({
        list: 'addressTypes' as const,
        field: `addresses.${i}.addressType`,
        code: (a as { addressType?: unknown } | null)?.addressType,
      })),
      ...items(body.nameMappings).map((m, i) => ({
        list: 'nameSources' as const,
        field: `nameMappings.${i}.source`,
        code: (m as { source?: unknown } | null)?.source,
      })),
    ].filter((u) => typeof u.code === 'string' && u.code.trim() !== '');
    if (!uses.length) return {};
    const known = await db.execute<{ list: CodeList; code: string }>(sql`
      select 'attributes' as list, code from ${entityAttributes}
      union all select 'addressTypes', code from ${entityAddressTypes}
      union all select 'nameSources', code from ${entityNameSources}`);
    const has = new Set(known.rows.map((r) => `${r.list}:${r.code}`));
    return Object.fromEntries(
      uses
        .filter((u) => !has.has(`${u.list}:${(u.code as string).trim()}`))
        .map((u) => [u.field, `is not an active ${WHAT[u.list]}`]),
    );
  }

  return { active, all, create, update, refuseUnoffered, unknownFields };
}
export type EntityCodes = ReturnType<typeof createEntityCodes>;
