import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entityNameOf, entityWithin } from '../entities/entity-sql';
import { entityTemplates } from './templates.tables';

export type TemplateRow = typeof entityTemplates.$inferSelect;
export type TemplateColumns = Omit<typeof entityTemplates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const withNames = {
  t: entityTemplates,
  ownerEntityName: entityNameOf(entityTemplates.ownerEntityId),
  parentName: entityNameOf(entityTemplates.parentId),
};

/** The templates owned at entity `entityId` or below it, by name. */
export function templatesWithin(db: DbOrTx, entityId: number) {
  return db
    .select(withNames)
    .from(entityTemplates)
    .where(entityWithin(entityTemplates.ownerEntityId, entityId))
    .orderBy(asc(entityTemplates.name), asc(entityTemplates.id));
}

export async function templateById(db: DbOrTx, id: number) {
  const [row] = await db.select(withNames).from(entityTemplates).where(eq(entityTemplates.id, id));
  return row ?? null;
}

export async function insertTemplate(db: DbOrTx, values: TemplateColumns): Promise<number> {
  const [row] = await db.insert(entityTemplates).values(values).returning({ id: entityTemplates.id });
  return row!.id;
}

export async function updateTemplate(db: DbOrTx, id: number, values: Omit<TemplateColumns, 'ownerEntityId'>) {
  await db
    .update(entityTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(entityTemplates.id, id));
}

export async function deleteTemplate(db: DbOrTx, id: number, ownerWithin: number) {
  const gone = await db
    .delete(entityTemplates)
    .where(and(eq(entityTemplates.id, id), entityWithin(entityTemplates.ownerEntityId, ownerWithin)))
    .returning({ id: entityTemplates.id });
  return gone.length > 0;
}
