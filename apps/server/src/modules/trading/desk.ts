import type { Db } from '../../platform/db';
import type { PermissionResolver, Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';

/**
 * Who is the house's dealing staff for an entity, and who is its client. Staff may type a
 * price (within tolerance, or off-market under four eyes), back-date a trade, book a value
 * date in the past, override an option's exercise and move another's option; a client books
 * at the house's quotes, today, on its own options only as their holder.
 *
 * The rule: a principal is staff for entity E when it holds `manual_trade_booking` for the
 * descendants of E's parent (granted at the parent or above, for the entities below), and
 * its own home entity does not trade (a broker's or the platform's desk, not a client). So a
 * client's own users — even one holding every key at its own entity, or an allocation
 * manager over its funds — are never staff; the platform root, which has no parent, has no
 * staff (its accounts are the house's own).
 */
export function createDesk(deps: { db: Db; entities: EntitiesService; resolve: PermissionResolver }) {
  async function isStaff(principal: Principal, entityId: number): Promise<boolean> {
    const [booked, home] = await Promise.all([
      deps.entities.tradingProfile(entityId),
      deps.entities.tradingProfile(principal.homeEntityId),
    ]);
    const parent = booked.ancestorIds.at(-1);
    if (parent === undefined || home.tradingEnabled) return false;
    const held = await deps.resolve(principal, parent);
    return held?.childPermissions.includes('manual_trade_booking') ?? false;
  }
  return { isStaff };
}
export type Desk = ReturnType<typeof createDesk>;
