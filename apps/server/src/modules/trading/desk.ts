import { entityTypeFlags } from '@clearway/contracts/entity-flags';
import type { Db } from '../../platform/db';
import type { PermissionResolver, Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';

/**
 * Who is the house's dealing staff for an entity, and who is its client. Staff may type a
 * price (within tolerance, or off-market under four eyes), back-date a trade, book a value
 * date in the past, override an option's exercise and move another's option; a client books
 * at the house's quotes, today, on its own options only as their holder.
 *
 * The rule: a principal is staff for entity E when
 * - its home entity is the house's: the platform root, or a broker (WhiteLabel or Executing
 *   Broker) with only brokers between it and the root — so no client can become the house by
 *   creating a "broker" below itself, and a client's own flags (trading enabled or not) make
 *   no difference; the attributes of an existing entity change only from above it
 *   (entities.service.ts `update`);
 * - and it holds `manual_trade_booking` for the descendants of E's parent (granted at the
 *   parent or above it, for the entities below).
 * So a client's own users — even one holding every key at its own entity, or an allocation
 * manager over its funds — are never staff, nor are API keys homed at a client; the platform
 * root, which has no parent, has no staff (its accounts are the house's own).
 */
export function createDesk(deps: { db: Db; entities: EntitiesService; resolve: PermissionResolver }) {
  async function isHouse(homeEntityId: number): Promise<boolean> {
    const line = await deps.entities.ancestry(homeEntityId);
    return line.every((e) => e.parentId === null || entityTypeFlags(e.attributes).broker);
  }

  async function isStaff(principal: Principal, entityId: number): Promise<boolean> {
    const booked = await deps.entities.ancestry(entityId);
    const parent = booked.at(-2);
    if (!parent || !(await isHouse(principal.homeEntityId))) return false;
    const held = await deps.resolve(principal, parent.id);
    return held?.childPermissions.includes('manual_trade_booking') ?? false;
  }
  return { isStaff };
}
export type Desk = ReturnType<typeof createDesk>;
