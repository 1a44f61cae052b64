import { ZWhitelistRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import type {
  TWallet,
  ZCreateVasp,
  ZUpdateVasp,
  ZWalletDetails,
  ZWalletEdit,
  ZWalletRequest,
  ZWalletSearch,
  ZWalletTypeUpdate,
} from '@clearway/contracts/endpoints/wallet.schemas';
import { WALLET_TYPE_UNKNOWN, WHITELIST_REQUEST_TYPES } from '@clearway/contracts/enums';
import type { NetworkCode } from '@clearway/contracts/networks';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audited, recordAudit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import { entityBelow, entityNameOf } from '../entities/entity-sql';
import { auditApprovedEffect, type RequestEngine } from '../requests/request-engine.service';
import { validateDestination } from './address-validation';
import { vasps, wallets } from './wallets.tables';

type Who = { principal: Principal; entityId: number };
type Row = typeof wallets.$inferSelect;
type WalletInput = z.output<typeof ZWalletRequest>;
type WalletDetails = z.output<typeof ZWalletDetails>;

export function toWallet(r: Row, now = new Date()): TWallet {
  return {
    id: r.id,
    entityId: r.entityId,
    type: r.type,
    active: r.active,
    status: r.status,
    friendlyName: r.friendlyName,
    network: r.network as NetworkCode,
    address: r.address,
    tagMemo: r.tagMemo,
    digitalAssets: r.digitalAssets,
    vaspId: r.vaspId,
    usableFrom: r.usableFrom.toISOString(),
    usable: r.status === 'ACTIVE' && r.active && r.usableFrom <= now,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Whitelisted wallets and VASPs. A wallet exists only once its WALLET ADDRESS request is
 * approved (or staff add it directly); it can receive funds after the cool-down.
 */
export function createWalletsService(deps: {
  db: Db;
  config: Config;
  engine: RequestEngine;
  entities: EntitiesService;
}) {
  const { db, config, engine } = deps;
  const cooldownEnd = () => new Date(Date.now() + config.WHITELIST_COOLDOWN_HOURS * 3_600_000);

  /** @throws BadRequest (address, assets, tag, VASP rules) */
  async function validate(
    input: Pick<WalletInput, 'network' | 'address' | 'tagMemo' | 'digitalAssets' | 'walletType' | 'vaspId'>,
  ) {
    validateDestination(input);
    const custodian = input.walletType === 'Regulated Custodian Wallet';
    if (custodian && !input.vaspId)
      throw badRequest('vaspId: a regulated custodian wallet names its VASP', {
        vaspId: 'required for a regulated custodian wallet',
      });
    if (!custodian && input.vaspId)
      throw badRequest('vaspId: only a regulated custodian wallet has a VASP', {
        vaspId: 'only for a regulated custodian wallet',
      });
    if (input.vaspId) {
      const [v] = await db.select().from(vasps).where(eq(vasps.id, input.vaspId));
      if (v?.status !== 'ACTIVE')
        throw badRequest('vaspId: unknown or inactive VASP', { vaspId: 'unknown or inactive' });
    }
  }

  async function insertWallet(tx: DbOrTx, entityId: number, input: WalletDetails, requestId: number | null) {
    try {
      const [row] = await tx
        .insert(wallets)
        .values({
          entityId,
          type: input.walletType,
          friendlyName: input.friendlyName,
          network: input.network,
          address: input.address,
          tagMemo: input.tagMemo ?? null,
          digitalAssets: input.digitalAssets,
          vaspId: input.vaspId ?? null,
          requestId,
          usableFrom: cooldownEnd(),
        })
        .returning();
      return row!;
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw conflict('This address is already whitelisted for the entity');
      throw err;
    }
  }

  async function get(entityId: number, walletId: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.id, walletId), eq(wallets.entityId, entityId)));
    if (!row) throw notFound('Wallet not found');
    return row;
  }

  engine.register('WALLET ADDRESS', {
    onApproved: async (tx, req, who) => {
      const row = await insertWallet(tx, req.entityId, req.payload, req.id);
      await auditApprovedEffect(tx, req, who, 'wallet.whitelist', row.id);
    },
  });
  engine.register('UPDATE WALLET', {
    onApproved: async (tx, req, who) => {
      const { walletId, ...d } = req.payload;
      await tx
        .update(wallets)
        .set({
          type: d.walletType,
          friendlyName: d.friendlyName,
          network: d.network,
          address: d.address,
          tagMemo: d.tagMemo ?? null,
          digitalAssets: d.digitalAssets,
          vaspId: d.vaspId ?? null,
          // A changed destination waits out the cool-down again.
          usableFrom: cooldownEnd(),
        })
        .where(and(eq(wallets.id, walletId), eq(wallets.entityId, req.entityId)));
      await auditApprovedEffect(tx, req, who, 'wallet.update', walletId);
    },
  });
  engine.register('REMOVE WALLET', {
    onApproved: async (tx, req, who) => {
      const { walletId } = req.payload;
      await tx
        .update(wallets)
        .set({ status: 'REMOVED', active: false })
        .where(and(eq(wallets.id, walletId), eq(wallets.entityId, req.entityId)));
      await auditApprovedEffect(tx, req, who, 'wallet.remove', walletId);
    },
  });

  return {
    get: async (entityId: number, walletId: number) => toWallet(await get(entityId, walletId)),

    async list(entityId: number, includeRemoved: boolean) {
      const rows = await db
        .select()
        .from(wallets)
        .where(and(eq(wallets.entityId, entityId), includeRemoved ? undefined : eq(wallets.status, 'ACTIVE')))
        .orderBy(asc(wallets.friendlyName), asc(wallets.id));
      return rows.map((r) => toWallet(r));
    },

    /** A WALLET ADDRESS (or, naming a wallet, UPDATE WALLET) request with the checked details frozen. */
    async request(who: Who, input: WalletInput) {
      await validate(input);
      const { entityId: _, walletId, ...payload } = input;
      if (walletId) {
        await get(who.entityId, walletId);
        const req = await db.transaction((tx) =>
          engine.submit(tx, who, 'UPDATE WALLET', { walletId, ...payload }),
        );
        return engine.view(req.id);
      }
      const [live] = await db
        .select({ id: wallets.id })
        .from(wallets)
        .where(
          and(
            eq(wallets.entityId, who.entityId),
            eq(wallets.network, input.network),
            eq(wallets.address, input.address),
            eq(wallets.status, 'ACTIVE'),
          ),
        );
      if (live) throw conflict('This address is already whitelisted for the entity');
      const req = await db.transaction((tx) => engine.submit(tx, who, 'WALLET ADDRESS', payload));
      return engine.view(req.id);
    },

    async createDirect(who: Who, input: WalletInput) {
      await validate(input);
      const { entityId: _, walletId: __, ...fields } = input;
      return db.transaction(async (tx) => {
        const row = await insertWallet(tx, who.entityId, fields, null);
        await recordAudit(tx, who, {
          action: 'wallet.create',
          outcome: 'success',
          target: String(row.id),
          details: { input },
        });
        return toWallet(row);
      });
    },

    /** Friendly name and tag/memo only; anything else is a new request. */
    async edit(who: Who, input: z.output<typeof ZWalletEdit>) {
      const before = await get(who.entityId, input.walletId);
      if (input.tagMemo !== undefined) {
        validateDestination({
          network: before.network as NetworkCode,
          address: before.address,
          tagMemo: input.tagMemo,
          digitalAssets: before.digitalAssets,
        });
      }
      const entry = {
        action: 'wallet.edit',
        outcome: 'success',
        target: String(before.id),
        details: { before: { friendlyName: before.friendlyName, tagMemo: before.tagMemo }, input },
      } as const;
      const [row] = await audited(db, who, entry, (tx) =>
        tx
          .update(wallets)
          .set({
            ...(input.friendlyName !== undefined ? { friendlyName: input.friendlyName } : {}),
            ...(input.tagMemo !== undefined ? { tagMemo: input.tagMemo } : {}),
          })
          .where(eq(wallets.id, before.id))
          .returning(),
      );
      return toWallet(row!);
    },

    /** Section 4: only an Unknown, active wallet with status active gets its type set. */
    async setType(who: Who, input: z.output<typeof ZWalletTypeUpdate>) {
      const w = await get(who.entityId, input.walletId);
      if (w.type !== WALLET_TYPE_UNKNOWN || !w.active || w.status !== 'ACTIVE')
        throw conflict('Only a wallet whose type is still Unknown can be given a type');
      await validate({
        network: w.network as NetworkCode,
        address: w.address,
        tagMemo: w.tagMemo ?? undefined,
        digitalAssets: w.digitalAssets,
        walletType: input.walletType,
        vaspId: input.vaspId,
      });
      const entry = {
        action: 'wallet.type',
        outcome: 'success',
        target: String(w.id),
        details: { input },
      } as const;
      const row = await audited(db, who, entry, async (tx) => {
        // Still Unknown and active when written: a concurrent call set it first otherwise.
        const [set] = await tx
          .update(wallets)
          .set({ type: input.walletType, vaspId: input.vaspId ?? null })
          .where(
            and(
              eq(wallets.id, w.id),
              eq(wallets.type, WALLET_TYPE_UNKNOWN),
              eq(wallets.active, true),
              eq(wallets.status, 'ACTIVE'),
            ),
          )
          .returning();
        if (!set) throw conflict('Only a wallet whose type is still Unknown can be given a type');
        return set;
      });
      return toWallet(row);
    },

    async remove(who: Who, walletId: number) {
      const w = await get(who.entityId, walletId);
      if (w.status === 'REMOVED') throw conflict('This wallet is already removed');
      const entry = { action: 'wallet.remove', outcome: 'success', target: String(w.id) } as const;
      const row = await audited(db, who, entry, async (tx) => {
        // Removed once: a concurrent removal leaves nothing to remove (and no second audit row).
        const [removed] = await tx
          .update(wallets)
          .set({ status: 'REMOVED', active: false })
          .where(and(eq(wallets.id, w.id), ne(wallets.status, 'REMOVED')))
          .returning();
        if (!removed) throw conflict('This wallet is already removed');
        return removed;
      });
      return toWallet(row);
    },

    async requestRemoval(who: Who, walletId: number) {
      const w = toWallet(await get(who.entityId, walletId));
      if (w.status === 'REMOVED') throw conflict('This wallet is already removed');
      const req = await db.transaction((tx) =>
        engine.submit(tx, who, 'REMOVE WALLET', {
          walletId: w.id,
          network: w.network,
          address: w.address,
          friendlyName: w.friendlyName,
        }),
      );
      return engine.view(req.id);
    },

    /** Wallets of the entities below the caller's (never its own, never outside). */
    async search(who: Who, f: z.output<typeof ZWalletSearch>) {
      const needle = `%${f.query.replace(/[%_\\]/g, '\\$&')}%`;
      const rows = await db
        .select({ w: wallets, entityName: entityNameOf(wallets.entityId) })
        .from(wallets)
        .where(
          and(
            entityBelow(wallets.entityId, who.entityId),
            ne(wallets.status, 'REMOVED'),
            f.network ? eq(wallets.network, f.network) : undefined,
            f.query
              ? or(sql`${wallets.address} ilike ${needle}`, sql`${wallets.friendlyName} ilike ${needle}`)
              : undefined,
          ),
        )
        .orderBy(asc(wallets.friendlyName))
        .limit(f.limit);
      return rows.map((r) => ({ ...toWallet(r.w), entityName: r.entityName }));
    },

    async workflows(
      entityId: number,
      f: {
        status?: 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'COMPLETED';
        limit: number;
        offset: number;
      },
    ) {
      return engine.list(entityId, WHITELIST_REQUEST_TYPES, f, ZWhitelistRequestView);
    },

    vasps: {
      list: () => db.select().from(vasps).orderBy(asc(vasps.name)),
      async create(who: Who, input: z.output<typeof ZCreateVasp>) {
        const { entityId: _, ...values } = input;
        const entry = (row: typeof vasps.$inferSelect) =>
          ({
            action: 'vasp.create',
            outcome: 'success',
            target: String(row.id),
            details: { input },
          }) as const;
        try {
          return await audited(
            db,
            who,
            entry,
            async (tx) => (await tx.insert(vasps).values(values).returning())[0]!,
          );
        } catch (err) {
          if (pgErrorCode(err) === '23505') throw conflict('A VASP with that name already exists');
          throw err;
        }
      },
      async update(who: Who, input: z.output<typeof ZUpdateVasp>) {
        const { entityId: _, vaspId, ...values } = input;
        const entry = {
          action: 'vasp.update',
          outcome: 'success',
          target: String(vaspId),
          details: { input },
        } as const;
        return audited(db, who, entry, async (tx) => {
          const [row] = await tx.update(vasps).set(values).where(eq(vasps.id, vaspId)).returning();
          if (!row) throw notFound('VASP not found');
          return row;
        });
      },
      async remove(who: Who, vaspId: number) {
        const entry = { action: 'vasp.delete', outcome: 'success', target: String(vaspId) } as const;
        try {
          await audited(db, who, entry, async (tx) => {
            const gone = await tx.delete(vasps).where(eq(vasps.id, vaspId)).returning({ id: vasps.id });
            if (!gone.length) throw notFound('VASP not found');
          });
        } catch (err) {
          if (['23001', '23503'].includes(pgErrorCode(err) ?? ''))
            throw conflict('A wallet refers to this VASP; it cannot be deleted');
          throw err;
        }
        return { message: 'VASP deleted' };
      },
    },
  };
}
export type WalletsService = ReturnType<typeof createWalletsService>;
