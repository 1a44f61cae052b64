import type {
  TAllocateTrade,
  TAllocationChild,
  TAllocationResult,
} from '@clearway/contracts/endpoints/allocations.schemas';
import { recordAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import { Money } from '../../platform/money';
import type { Block, BlockFamily } from '../trading/block-allocation.service';
import type { Who } from '../trading/trade-context';
import type { AllocationGroups, Deps } from './allocation-groups.service';
import {
  type ChildRow,
  childrenOf,
  currentRunOf,
  type GroupRow,
  type InvestorRow,
  insertChildren,
  insertRun,
  investorsOf,
  lastRunNumber,
  retireRun,
} from './allocations.repo';
import { splitProRata } from './pro-rata-split';

const unprocessable = (field: string, message: string) =>
  new AppError('BadRequest', 422, message, { [field]: message });

/** What a split reads; a reprocess that reads the same changes nothing (it is idempotent). */
type Inputs = {
  amount: string;
  counterAmount: string;
  investors: { id: number; accountId: number; weight: string; priority: number | null }[];
};

/** One investor's planned part of a block. */
type Planned = {
  investor: InvestorRow;
  amount: Money;
  counter: Money;
  exact: Money;
  exactCounter: Money;
  amountRemainder: boolean;
  counterRemainder: boolean;
};

/**
 * Allocating a block trade over a group (trades/fx, trades/cfd): the block, booked on the
 * manager's account, is split over the group's investors in proportion to their weights —
 * each leg by the largest-remainder method at its currency's scale, so the children sum
 * exactly to the block — and the children are booked on the investors' accounts through the
 * trading module's bookings, in one database transaction with the block's retirement.
 * Reprocessing (after weights change or the block changes) reverses the current children —
 * never deleting them — and splits the block again with the current weights; with nothing
 * changed it books nothing and answers the allocation as it stands. `preview` answers the
 * split without booking anything.
 * @throws NotFound (trade, group); 422 for a trade of another family or of another account
 *   than the manager's, a group that is not active, without investors, whose percentages do
 *   not total 100, or a block too small to give each investor a part; Conflict for a trade
 *   allocated over another group, or one that is not live; what a booking refuses
 *   (InsufficientFunds, an investor who may not trade the instrument)
 */
export function createTradeAllocation(deps: Deps & { groups: AllocationGroups }) {
  const { db, groups, trades } = deps;

  function plan(g: GroupRow, block: Block, investors: InvestorRow[]): Planned[] {
    if (investors.length === 0) throw unprocessable('groupId', `${g.name} has no investors`);
    const total = investors.reduce((s, i) => s.plus(i.weight), new Money(0));
    if (g.weighting === 'PERCENT' && !total.eq(100))
      throw unprocessable(
        'groupId',
        `The investors’ percentages of ${g.name} total ${total.toString()}, not 100`,
      );
    const claims = investors.map((i) => ({ weight: new Money(i.weight), priority: i.priority }));
    const amounts = splitProRata(block.amount, block.amountScale, claims);
    const counters = splitProRata(block.counterAmount, block.counterScale, claims);
    const planned = investors.map((investor, k) => ({
      investor,
      amount: amounts[k]!.amount,
      counter: counters[k]!.amount,
      exact: amounts[k]!.exact,
      exactCounter: counters[k]!.exact,
      amountRemainder: amounts[k]!.remainder,
      counterRemainder: counters[k]!.remainder,
    }));
    if (planned.some((p) => p.amount.isZero()))
      throw unprocessable(
        'tradeId',
        `The block is too small to give each of the ${investors.length} investors a part`,
      );
    return planned;
  }

  const inputsOf = (block: Block, investors: InvestorRow[]): Inputs => ({
    amount: block.amount.toString(),
    counterAmount: block.counterAmount.toString(),
    investors: investors.map((i) => ({
      id: i.id,
      accountId: i.accountId,
      weight: new Money(i.weight).toString(),
      priority: i.priority,
    })),
  });

  /** jsonb keeps its own key order: compare with keys sorted. */
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  const sameInputs = (a: unknown, b: Inputs) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

  /** The planned children as the preview shows them (no trades yet). */
  async function previewLines(g: GroupRow, block: Block, planned: Planned[]): Promise<TAllocationChild[]> {
    const lines: TAllocationChild[] = [];
    for (const p of planned) {
      const account = await deps.accounts.get(g.entityId, p.investor.accountId);
      lines.push({
        investorId: p.investor.id,
        entityId: account.entityId,
        entityName: account.entityName,
        accountId: account.id,
        accountName: account.name,
        weight: new Money(p.investor.weight).toString(),
        priority: p.investor.priority,
        amount: p.amount.toFixed(block.amountScale),
        counterAmount: p.counter.toFixed(block.counterScale),
        exactAmount: p.exact.toString(),
        exactCounterAmount: p.exactCounter.toString(),
        amountRemainder: p.amountRemainder,
        counterRemainder: p.counterRemainder,
        tradeId: null,
        ticket: null,
        status: null,
      });
    }
    return lines;
  }

  async function linesOf(tx: Tx, runId: number): Promise<TAllocationChild[]> {
    const children = await childrenOf(tx, [runId]);
    const shown = await trades.tradesOf(
      tx,
      children.map((c) => c.tradeId),
    );
    return children.map((c, k) => groups.childView(c, shown[k]!));
  }

  /**
   * Allocates or reprocesses `blockId` over `g` in the caller's transaction (group locked).
   * `preview` stops before anything is booked.
   */
  async function allocateIn(
    tx: Tx,
    who: Who,
    g: GroupRow,
    family: BlockFamily,
    blockId: number,
    preview: boolean,
  ): Promise<TAllocationResult> {
    if (g.status !== 'ACTIVE')
      throw unprocessable('groupId', `${g.name} is ${g.status.toLowerCase()}: it allocates nothing`);
    const block = await trades.lockBlock(tx, blockId, family);
    if (block.entityId !== g.entityId)
      throw unprocessable('tradeId', `The trade is not booked on an account of ${g.name}’s manager`);
    const current = await currentRunOf(tx, block.id);
    if (current && current.groupId !== g.id) throw conflict('This trade is allocated over another group');
    if (!current && block.status === 'ALLOCATED') throw conflict('This trade is allocated elsewhere');
    const investors = await investorsOf(tx, [g.id]);
    const before = current ? await linesOf(tx, current.id) : [];
    const inputs = inputsOf(block, investors);
    const [shownBlock] = await trades.tradesOf(tx, [block.id]);
    const answer = (changed: boolean, run: number | null, after: TAllocationChild[]): TAllocationResult => ({
      groupId: g.id,
      block: shownBlock!,
      preview,
      changed,
      run,
      before: changed ? before : [],
      after,
    });
    // A child cancelled on its own (trades/cancel) leaves the block short: the same inputs then re-split.
    const childUndone = before.some((c) => c.status === 'CANCELLED' || c.status === 'REVERSED');
    if (current && !childUndone && sameInputs(current.inputs, inputs))
      return answer(false, current.run, before);
    const planned = plan(g, block, investors);
    if (preview) return answer(true, null, await previewLines(g, block, planned));

    const run = (await lastRunNumber(tx, block.id)) + 1;
    const reason = `Reallocated: run ${run} of ${g.name}`;
    const reversed = current ? before.map((c) => c.tradeId!) : [];
    for (const tradeId of reversed) await trades.cancelChild(tx, who, tradeId, reason);
    if (current) await retireRun(tx, current.id);
    const saved = await insertRun(tx, {
      groupId: g.id,
      blockTradeId: block.id,
      run,
      inputs,
      by: who.principal.name,
    });
    const rows: ChildRow[] = [];
    for (const p of planned) {
      const view = await trades.bookChild(tx, who, block, {
        accountId: p.investor.accountId,
        amount: p.amount,
        counter: p.counter,
        details: { allocationGroupId: g.id, run },
      });
      rows.push({
        runId: saved.id,
        investorId: p.investor.id,
        tradeId: view.trade.id,
        weight: p.investor.weight,
        priority: p.investor.priority,
        exactAmount: p.exact.toString(),
        exactCounterAmount: p.exactCounter.toString(),
        amountRemainder: p.amountRemainder,
        counterRemainder: p.counterRemainder,
      });
    }
    await insertChildren(tx, rows);
    await trades.retireBlock(tx, who, block, {
      groupId: g.id,
      run,
      children: rows.map((r) => r.tradeId),
      reversed,
    });
    await recordAudit(tx, who, {
      action: current ? 'allocations.reprocess' : 'allocations.allocate',
      outcome: 'success',
      target: block.ticket,
      details: { groupId: g.id, run, children: rows.map((r) => r.tradeId), reversed, inputs },
    });
    const after = await linesOf(tx, saved.id);
    const [retired] = await trades.tradesOf(tx, [block.id]);
    return { ...answer(true, run, after), block: retired! };
  }

  return {
    allocateIn,

    /** Re-splits blocks over the group as it now stands (an investor removed), in the caller's transaction. */
    async reallocate(tx: Tx, who: Who, g: GroupRow, blockIds: number[]): Promise<void> {
      for (const block of await trades.tradesOf(tx, blockIds))
        await allocateIn(tx, who, g, block.type === 'CFD' ? 'cfd' : 'fx', block.id, false);
    },

    async allocate(who: Who, family: BlockFamily, body: TAllocateTrade): Promise<TAllocationResult> {
      return db.transaction(async (tx) => {
        const g = await groups.lockedGroup(tx, body.groupId);
        return allocateIn(tx, who, g, family, body.tradeId, body.preview ?? false);
      });
    },
  };
}
export type TradeAllocation = ReturnType<typeof createTradeAllocation>;
