import type { TServerMode } from '@clearway/contracts/endpoints/platform.endpoints';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { Principal } from '../../platform/principal';
import { readSettings, writeMaintenance } from './server-mode.repo';

function toMode(row: Awaited<ReturnType<typeof readSettings>>): TServerMode {
  return {
    maintenance: row?.maintenance ?? false,
    message: row?.maintenanceMessage ?? null,
    since: row?.maintenanceSince?.toISOString() ?? null,
  };
}

/**
 * Maintenance mode lives in the database so every instance sees it. Each instance keeps
 * the answer for `cacheMs` to spare a query per request; a change made here is seen at
 * once, one made by another instance within `cacheMs`. The calls that find the answer
 * expired share one read, rather than each sending its own at the same moment.
 */
export function createServerModeService(db: Db, cacheMs: number) {
  let cached: { mode: Promise<TServerMode>; at: number } | null = null;

  function getMode(): Promise<TServerMode> {
    if (cached && Date.now() - cached.at < cacheMs) return cached.mode;
    const mode = readSettings(db).then(toMode);
    const entry = { mode, at: Date.now() };
    cached = entry;
    // A failed read is not kept: the next call tries again.
    mode.catch(() => {
      if (cached === entry) cached = null;
    });
    return mode;
  }

  async function setMaintenance(
    on: boolean,
    message: string | null,
    who: { principal: Principal | null; entityId?: number | null },
  ): Promise<TServerMode> {
    const mode = await db.transaction(async (tx) => {
      const before = toMode(await readSettings(tx));
      const row = await writeMaintenance(tx, on, message, who.principal?.id ?? null);
      await recordAudit(tx, who, {
        action: 'server.maintenance',
        outcome: 'success',
        details: { from: before.maintenance, to: on, message },
      });
      return toMode(row);
    });
    cached = { mode: Promise.resolve(mode), at: Date.now() };
    return mode;
  }

  return { getMode, isMaintenanceOn: async () => (await getMode()).maintenance, setMaintenance };
}
export type ServerModeService = ReturnType<typeof createServerModeService>;
