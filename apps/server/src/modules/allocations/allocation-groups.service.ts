import type {
  TAllocationChild,
  TAllocationGroup,
  TAllocationGroupCreate,
  TAllocationGroupUpdate,
  TAllocationInvestor,
  TAllocationInvestorAdd,
  TAllocationInvestorRemove,
  TAllocationInvestorUpdate,
} from '@clearway/contracts/endpoints/allocations.schemas';
import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import type { AllocationGroupStatus } from '@clearway/contracts/enums';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { Money } from '../../platform/money';
import { pgErrorCode } from '../../platform/pg-errors';
import type { EntitiesService } from '../entities/entities.service';
import type { AccountsService } from '../ledger/accounts.service';
import type { BlockAllocation } from '../trading/block-allocation.service';
import type { Who } from '../trading/trade-context';
import {
  type ChildRow,
  childrenOf,
  currentChildrenOfInvestor,
  currentRuns,
  deleteGroup,
  type GroupRow,
  groupById,
  groupsUnder,
  hasRuns,
  type InvestorRow,
  insertGroup,
  insertInvestor,
  investorsOf,
  managerNames,
  updateGroup,
  updateInvestor,
} from './allocations.repo';

export type Deps = { db: Db; entities: EntitiesService; accounts: AccountsService; trades: BlockAllocation };

const unprocessable = (field: string, message: string) =>
  new AppError('BadRequest', 422, message, { [field]: message });

/** Status changes a group may make: suspended groups come back; closed is final. */
const NEXT: Record<AllocationGroupStatus, readonly AllocationGroupStatus[]> = {
  ACTIVE: ['SUSPENDED', 'CLOSED'],
  SUSPENDED: ['ACTIVE', 'CLOSED'],
  CLOSED: [],
};

/**
 * Allocation groups (spec sections 1, 6, 7): an Allocation Manager's investors — accounts of
 * Allocation Investor entities below it — with their weights (ratios, or percentages that
 * must total 100) and remainder priorities. Changes apply to future allocations; a group
 * that has allocated is never deleted (closing keeps its history), and an investor with open
 * allocated trades stays until they are closed or reallocated. Every change is audited.
 * @throws NotFound (group, investor, an account outside the manager's tree); 422 for an entity
 *   without the attribute it needs, a closed group, a status change that is not allowed;
 *   Conflict for a duplicate name or account, deleting a group that allocated, removing an
 *   investor with open allocated trades
 */
export function createAllocationGroups(deps: Deps) {
  const { db, entities, accounts } = deps;

  async function attributesOf(entityId: number): Promise<{ name: string; attributes: string[] }> {
    const chain = await entities.ancestry(entityId);
    const self = chain.at(-1)!;
    return { name: self.name, attributes: self.attributes };
  }

  /** The group in the caller's reach (the guard has placed it), locked for a change. */
  async function lockedGroup(tx: DbOrTx, groupId: number): Promise<GroupRow> {
    const group = await groupById(tx, groupId, true);
    if (!group) throw notFound('Allocation group not found');
    return group;
  }

  const refuseClosed = (g: GroupRow) => {
    if (g.status === 'CLOSED')
      throw unprocessable('groupId', `${g.name} is closed: its history is kept as it is`);
  };

  /**
   * The groups shown: their investors with names and shares, and their allocated blocks with
   * their children — a fixed number of statements whatever the number of groups.
   */
  async function present(rows: GroupRow[], reach: number): Promise<TAllocationGroup[]> {
    const ids = rows.map((g) => g.id);
    const investors = await investorsOf(db, ids);
    const runs = await currentRuns(db, ids);
    const children = await childrenOf(
      db,
      runs.map((r) => r.id),
    );
    const trades = new Map(
      (
        await deps.trades.tradesOf(db, [
          ...runs.map((r) => r.blockTradeId),
          ...children.map((c) => c.tradeId),
        ])
      ).map((t) => [t.id, t]),
    );
    const names = await managerNames(db, ids);
    // Each group's investors lie below its manager, so within the caller's reach.
    const accountsById = new Map(
      (
        await accounts.getMany(
          reach,
          investors.map((i) => i.accountId),
        )
      ).map((a) => [a.id, a]),
    );
    return rows.map((g) => {
      const mine = investors.filter((i) => i.groupId === g.id);
      const total = mine.reduce((s, i) => s.plus(i.weight), new Money(0));
      return {
        id: g.id,
        entityId: g.entityId,
        entityName: names.get(g.id) ?? '',
        name: g.name,
        status: g.status,
        weighting: g.weighting,
        totalWeight: total.toString(),
        investors: mine.map((i) => investorView(i, total, accountsById.get(i.accountId))),
        blocks: runs
          .filter((r) => r.groupId === g.id)
          .map((r) => ({
            block: trades.get(r.blockTradeId)!,
            run: r.run,
            allocatedAt: r.at.toISOString(),
            allocatedBy: r.by,
            children: children
              .filter((c) => c.runId === r.id)
              .map((c) => childView(c, trades.get(c.tradeId)!)),
          })),
        createdAt: g.createdAt.toISOString(),
      };
    });
  }

  function investorView(i: InvestorRow, total: Money, account: TAccount | undefined): TAllocationInvestor {
    return {
      id: i.id,
      entityId: i.entityId,
      entityName: account?.entityName ?? '',
      accountId: i.accountId,
      accountName: account?.name ?? '',
      weight: new Money(i.weight).toString(),
      priority: i.priority,
      share: total.isZero() ? '0' : new Money(i.weight).div(total).toDecimalPlaces(6).toString(),
    };
  }

  /** One child as shown: the investor's part, how it was rounded, and its trade. */
  function childView(c: ChildRow, trade: TTrade): TAllocationChild {
    return {
      investorId: c.investorId,
      entityId: trade.entityId,
      entityName: trade.entityName,
      accountId: trade.accountId,
      accountName: trade.accountName,
      weight: new Money(c.weight).toString(),
      priority: c.priority,
      amount: trade.amount,
      counterAmount: trade.counterAmount,
      exactAmount: new Money(c.exactAmount).toString(),
      exactCounterAmount: new Money(c.exactCounterAmount).toString(),
      amountRemainder: c.amountRemainder,
      counterRemainder: c.counterRemainder,
      tradeId: trade.id,
      ticket: trade.ticket,
      status: trade.status,
    };
  }

  async function groupView(groupId: number): Promise<TAllocationGroup> {
    const g = await groupById(db, groupId);
    if (!g) throw notFound('Allocation group not found');
    return (await present([g], g.entityId))[0]!;
  }

  const duplicate = (err: unknown, message: string) => {
    if (pgErrorCode(err) === '23505') throw conflict(message);
    throw err;
  };

  async function audited<T>(
    who: Who,
    action: string,
    target: string,
    details: object,
    fn: (tx: Tx) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      const out = await fn(tx);
      await recordAudit(tx, who, { action, outcome: 'success', target, details: { ...details } });
      return out;
    });
  }

  return {
    present,
    childView,
    groupView,
    lockedGroup,

    async list(entityId: number): Promise<TAllocationGroup[]> {
      return present(await groupsUnder(db, entityId), entityId);
    },

    async create(who: Who, body: TAllocationGroupCreate): Promise<TAllocationGroup> {
      const manager = await attributesOf(who.entityId);
      if (!manager.attributes.includes('Allocation Manager'))
        throw unprocessable('entityId', `${manager.name} is not an Allocation Manager`);
      const group = await audited(who, 'allocations.group.create', body.name, { input: body }, (tx) =>
        insertGroup(tx, {
          entityId: who.entityId,
          name: body.name,
          weighting: body.weighting,
          createdBy: who.principal.name,
        }).catch((e) => duplicate(e, `${manager.name} already has a group named ${body.name}`)),
      );
      return groupView(group!.id);
    },

    async update(who: Who, body: TAllocationGroupUpdate): Promise<TAllocationGroup> {
      await audited(who, 'allocations.group.update', String(body.groupId), { input: body }, async (tx) => {
        const g = await lockedGroup(tx, body.groupId);
        refuseClosed(g);
        if (body.status && body.status !== g.status && !NEXT[g.status].includes(body.status))
          throw unprocessable(
            'status',
            `A ${g.status.toLowerCase()} group cannot become ${body.status.toLowerCase()}`,
          );
        if (body.weighting && body.weighting !== g.weighting && (await hasRuns(tx, g.id)))
          throw unprocessable('weighting', 'The weighting of a group that has allocated cannot change');
        await updateGroup(tx, g.id, {
          ...(body.name ? { name: body.name } : {}),
          ...(body.status ? { status: body.status } : {}),
          ...(body.weighting ? { weighting: body.weighting } : {}),
        }).catch((e) => duplicate(e, `A group named ${body.name} already exists`));
      });
      return groupView(body.groupId);
    },

    async remove(who: Who, body: { groupId: number }) {
      await audited(who, 'allocations.group.delete', String(body.groupId), {}, async (tx) => {
        const g = await lockedGroup(tx, body.groupId);
        if (await hasRuns(tx, g.id))
          throw conflict(`${g.name} has allocated trades: close it instead, which keeps its history`);
        await deleteGroup(tx, g.id);
      });
      return { groupId: body.groupId };
    },

    async addInvestor(who: Who, body: TAllocationInvestorAdd): Promise<TAllocationGroup> {
      await audited(who, 'allocations.investor.add', String(body.groupId), { input: body }, async (tx) => {
        const g = await lockedGroup(tx, body.groupId);
        refuseClosed(g);
        // The investor's account must lie below the group's manager: else it is not found.
        const account = await accounts.get(g.entityId, body.accountId);
        const investor = await attributesOf(account.entityId);
        if (account.entityId === g.entityId || !investor.attributes.includes('Allocation Investor'))
          throw unprocessable('accountId', `${investor.name} is not an Allocation Investor`);
        if (!account.active) throw unprocessable('accountId', `${account.name} is closed`);
        await insertInvestor(tx, {
          groupId: g.id,
          entityId: account.entityId,
          accountId: account.id,
          weight: new Money(body.weight).toString(),
          priority: body.priority ?? null,
        }).catch((e) => duplicate(e, `${account.name} is already an investor of ${g.name}`));
      });
      return groupView(body.groupId);
    },

    async updateInvestor(who: Who, body: TAllocationInvestorUpdate): Promise<TAllocationGroup> {
      await audited(
        who,
        'allocations.investor.update',
        String(body.investorId),
        { input: body },
        async (tx) => {
          const g = await lockedGroup(tx, body.groupId);
          refuseClosed(g);
          const found = (await investorsOf(tx, [g.id])).find((i) => i.id === body.investorId);
          if (!found) throw notFound('Investor not found');
          await updateInvestor(tx, found.id, {
            ...(body.weight ? { weight: new Money(body.weight).toString() } : {}),
            ...(body.priority !== undefined ? { priority: body.priority } : {}),
          });
        },
      );
      return groupView(body.groupId);
    },

    /**
     * Removes an investor; with open allocated trades it is refused — unless `reallocate`
     * hands over the blocks to re-split (`reallocate(tx, group, blockIds)`), in the same
     * transaction, over the investors that remain.
     */
    async removeInvestor(
      who: Who,
      body: TAllocationInvestorRemove,
      reallocate: (tx: Tx, g: GroupRow, blockIds: number[]) => Promise<void>,
    ): Promise<TAllocationGroup> {
      await audited(
        who,
        'allocations.investor.remove',
        String(body.investorId),
        { input: body },
        async (tx) => {
          const g = await lockedGroup(tx, body.groupId);
          const found = (await investorsOf(tx, [g.id])).find((i) => i.id === body.investorId);
          if (!found) throw notFound('Investor not found');
          const held = await currentChildrenOfInvestor(tx, found.id);
          const trades = await deps.trades.tradesOf(
            tx,
            held.map((h) => h.tradeId),
          );
          const open = held.filter((_, k) => trades[k]!.status === 'PENDING' || trades[k]!.status === 'OPEN');
          if (open.length && !body.reallocate)
            throw conflict(
              `Close or reallocate this investor’s open allocated trades first: ${open
                .map((h) => trades[held.indexOf(h)]!.ticket)
                .join(', ')}`,
            );
          await updateInvestor(tx, found.id, { removedAt: new Date() });
          if (open.length) await reallocate(tx, g, [...new Set(open.map((h) => h.blockTradeId))]);
        },
      );
      return groupView(body.groupId);
    },
  };
}
export type AllocationGroups = ReturnType<typeof createAllocationGroups>;
