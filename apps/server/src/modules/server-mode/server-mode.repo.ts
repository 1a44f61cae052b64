import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { serverSettings } from './server-mode.tables';

export async function readSettings(db: DbOrTx) {
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.id, 1));
  return row ?? null;
}

export async function writeMaintenance(
  db: DbOrTx,
  on: boolean,
  message: string | null,
  updatedBy: string | null,
) {
  const now = new Date();
  const values = {
    id: 1,
    maintenance: on,
    maintenanceMessage: on ? message : null,
    maintenanceSince: on ? now : null,
    updatedAt: now,
    updatedBy,
  };
  const [row] = await db
    .insert(serverSettings)
    .values(values)
    .onConflictDoUpdate({ target: serverSettings.id, set: values })
    .returning();
  return row!;
}
