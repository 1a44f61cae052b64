import { asc, eq, inArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import { audited } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import { ssiAddresses, ssiAssignments, ssiBankInstructions, ssiProfiles } from './ssi.tables';

type Who = { principal: Principal; entityId: number };

/**
 * Standing settlement instructions: where an entity sends money to the platform. An
 * entity uses the profile assigned to it or, failing that, to its nearest ancestor.
 */
export function createSsiService(db: Db, entities: EntitiesService) {
  /** The applicable assignment: the entity's own, else the nearest ancestor's. */
  async function applicable(entityId: number) {
    const chain = (await entities.ancestry(entityId)).map((e) => e.id);
    const rows = await db.select().from(ssiAssignments).where(inArray(ssiAssignments.entityId, chain));
    for (const id of [...chain].reverse()) {
      const hit = rows.find((r) => r.entityId === id);
      if (hit) return hit;
    }
    return null;
  }

  async function profiles(entityId: number) {
    const a = await applicable(entityId);
    if (!a) return [];
    const [p] = await db.select().from(ssiProfiles).where(eq(ssiProfiles.id, a.profileId));
    const bank = await db
      .select()
      .from(ssiBankInstructions)
      .where(eq(ssiBankInstructions.profileId, a.profileId))
      .orderBy(asc(ssiBankInstructions.currency));
    return [
      {
        id: p!.id,
        name: p!.name,
        description: p!.description,
        assignedAt: a.entityId,
        bank: bank.map(({ profileId: _, ...b }) => b),
      },
    ];
  }

  return {
    profiles,
    async addresses(entityId: number) {
      const a = await applicable(entityId);
      if (!a) return [];
      const rows = await db
        .select()
        .from(ssiAddresses)
        .where(eq(ssiAddresses.profileId, a.profileId))
        .orderBy(asc(ssiAddresses.asset), asc(ssiAddresses.network));
      return Promise.all(
        rows.map(async ({ profileId: _, ...r }) => ({
          ...r,
          qrCode: await QRCode.toDataURL(r.address, { margin: 1, width: 160 }),
        })),
      );
    },
    async assign(who: Who, profileId: number) {
      const [p] = await db
        .select({ id: ssiProfiles.id })
        .from(ssiProfiles)
        .where(eq(ssiProfiles.id, profileId));
      if (!p) throw notFound('SSI profile not found');
      const entry = { action: 'ssi.assign', outcome: 'success', target: String(profileId) } as const;
      await audited(db, who, entry, (tx) =>
        tx
          .insert(ssiAssignments)
          .values({ entityId: who.entityId, profileId })
          .onConflictDoUpdate({ target: ssiAssignments.entityId, set: { profileId } }),
      );
      return profiles(who.entityId);
    },
    async remove(who: Who, profileId: number) {
      const entry = { action: 'ssi.delete', outcome: 'success', target: String(profileId) } as const;
      try {
        await audited(db, who, entry, async (tx) => {
          const gone = await tx
            .delete(ssiProfiles)
            .where(eq(ssiProfiles.id, profileId))
            .returning({ id: ssiProfiles.id });
          if (!gone.length) throw notFound('SSI profile not found');
        });
      } catch (err) {
        if (['23001', '23503'].includes(pgErrorCode(err) ?? ''))
          throw conflict('This profile is assigned to an entity; assign another profile first');
        throw err;
      }
      return { message: 'SSI profile deleted' };
    },
    /** Demo set-up: a profile with its instructions, assigned to an entity. Idempotent by name. */
    async seed(
      name: string,
      entityId: number,
      bank: (typeof ssiBankInstructions.$inferInsert)[],
      addresses: (typeof ssiAddresses.$inferInsert)[],
    ) {
      const [existing] = await db.select().from(ssiProfiles).where(eq(ssiProfiles.name, name));
      if (existing) return;
      await db.transaction(async (tx) => {
        const [p] = await tx
          .insert(ssiProfiles)
          .values({ name, description: `${name} receiving instructions` })
          .returning();
        if (bank.length)
          await tx.insert(ssiBankInstructions).values(bank.map((b) => ({ ...b, profileId: p!.id })));
        if (addresses.length)
          await tx.insert(ssiAddresses).values(addresses.map((a) => ({ ...a, profileId: p!.id })));
        await tx.insert(ssiAssignments).values({ entityId, profileId: p!.id }).onConflictDoNothing();
      });
    },
  };
}
export type SsiService = ReturnType<typeof createSsiService>;
