import type { AssetDisplay } from '@clearway/contracts/amount-format';
import type { AssetClass } from '@clearway/contracts/enums';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { Money } from '../../platform/money';
import type { EntitiesService } from '../entities/entities.service';
import type { EndOfDay } from '../eod/eod.service';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { balanceAt, historyAccounts, historyBetween } from '../ledger/account-history';
import type { ReferenceDataService } from '../reference-data/reference-data.service';
import { marksOf } from '../trading/marks';
import { positionsAt, realisedBetween } from '../trading/statement-figures';
import type { TradingModule } from '../trading/trading.module';
import type {
  AccountSection,
  FigureRow,
  MarginRow,
  PositionRow,
  StatementContent,
} from './statement-document';
import type { StatementRow } from './statements.repo';

export type BuilderDeps = {
  db: Db;
  config: Config;
  entities: EntitiesService;
  referenceData: ReferenceDataService;
  eod: EndOfDay;
  trading: TradingModule;
  instruments: InstrumentsModule;
};

/** A reason a statement cannot be built that the person asking can act on. */
export class StatementRefused extends Error {}

const LABELS: Record<string, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  TRANSFER: 'Transfer',
  INTERNAL_TRANSFER: 'Internal transfer',
  REVERSAL: 'Reversal',
  FX_SETTLEMENT: 'Trade settlement',
  FX_TRADE: 'Trade',
};
const kindLabel = (kind: string) =>
  LABELS[kind] ?? kind.charAt(0) + kind.slice(1).toLowerCase().replaceAll('_', ' ');

/** The day before an ISO date. */
function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** An instant as the statement prints it: UTC, to the second. */
const stamp = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * Reads everything a statement shows and lays it out: a period runs from the cut-off of the
 * day before `from` to the cut-off of `to` (the end of day's own boundaries), so the opening
 * balance is the ledger's at the first and the closing balance the ledger's at the second.
 * `progress` hears 0–99 as accounts and entries go by.
 * @throws StatementRefused with a reason a user can act on
 */
export async function buildStatementContent(
  deps: BuilderDeps,
  s: StatementRow,
  progress: (pct: number) => Promise<void>,
): Promise<{ content: StatementContent; entries: number; eodDate: string | null }> {
  const { db } = deps;
  const after = deps.eod.cutoffOf(dayBefore(s.fromDate));
  const upTo = deps.eod.cutoffOf(s.toDate);
  const basis = await deps.eod.basisOf(s.toDate);
  if (basis.run && basis.run.status !== 'COMPLETED')
    throw new StatementRefused(
      `The end of day of ${s.toDate} has not completed (it is ${basis.run.status.toLowerCase()}): generate the statement again once it has run`,
    );
  const eodDate = basis.completed?.businessDate ?? null;
  const entity = await deps.entities.letterhead(s.entityId);
  const root = entity.rootId === entity.id ? entity : await deps.entities.letterhead(entity.rootId);
  const base = entity.baseCurrency;

  const displays = new Map<string, AssetDisplay>();
  const displayOf = async (code: string): Promise<AssetDisplay> => {
    if (!displays.has(code)) {
      const a = await deps.referenceData.asset(code);
      displays.set(code, { scale: a?.scale ?? 2, assetClass: (a?.assetClass ?? 'FIAT') as AssetClass });
    }
    return displays.get(code)!;
  };
  const baseDisplay = await displayOf(base);
  const marks = marksOf(deps.instruments.rates, await deps.instruments.rates.sheetAt(upTo));
  const missing = new Set<string>();
  const toBase = (value: Money, currency: string): Money | null => {
    const rate = marks.fx(currency, base);
    if (!rate) missing.add(currency);
    return rate ? value.times(rate) : null;
  };
  const baseFigure = (v: Money | null) => (v ? v.toFixed(baseDisplay.scale) : null);

  const accounts = await historyAccounts(db, {
    entityId: s.entityId,
    accountId: s.accountId,
    below: s.includeBelow,
  });
  const names = new Map<number, string>();
  const entityNames = new Map<number, string>();
  for (const a of accounts) {
    names.set(a.accountId, a.name);
    if (!entityNames.has(a.entityId))
      entityNames.set(a.entityId, (await deps.entities.letterhead(a.entityId)).name);
  }
  const parts = accounts.reduce((n, a) => n + Math.max(1, a.assets.length), 0);
  let done = 0;
  let entries = 0;
  const sections: AccountSection[] = [];
  let totalBalance = new Money(0);
  let totalFees = new Money(0);
  for (const a of accounts) {
    for (const asset of a.assets) {
      const display = await displayOf(asset);
      const opening = await balanceAt(db, a.accountId, asset, after);
      let running = new Money(opening);
      let fees = new Money(0);
      const rows: AccountSection['rows'] = [];
      for await (const batch of historyBetween(db, { accountId: a.accountId, asset, after, upTo })) {
        for (const line of batch) {
          running = running.plus(line.amount);
          fees = fees.plus(line.fee);
          rows.push({
            date: line.at.toISOString().slice(0, 10),
            kind: kindLabel(line.kind),
            reference: [line.reference, line.memo].filter(Boolean).join(' · '),
            amount: line.amount,
            balance: running.toString(),
          });
        }
        entries += batch.length;
      }
      const closing = running.toString();
      // The running balance is the ledger's own arithmetic; a difference would mean history
      // changed under us, and a statement that disagrees with the ledger must never go out.
      const ledgerClosing = await balanceAt(db, a.accountId, asset, upTo);
      if (!new Money(ledgerClosing).eq(running))
        throw new Error(
          `Statement of account ${a.accountId} ${asset}: running balance ${closing} differs from the ledger's ${ledgerClosing}`,
        );
      const closingBase = toBase(running, asset);
      if (closingBase) totalBalance = totalBalance.plus(closingBase);
      const feesBase = toBase(fees, asset);
      if (feesBase) totalFees = totalFees.plus(feesBase);
      sections.push({
        accountName: a.name,
        accountCode: a.accountCode,
        entityName: entityNames.get(a.entityId) ?? '',
        asset,
        display,
        opening,
        closing,
        closingBase: baseFigure(closingBase),
        fees: fees.toString(),
        rows,
      });
      done += 1;
      await progress(Math.min(90, Math.floor((done / Math.max(1, parts)) * 90)));
    }
  }

  const ids = accounts.map((a) => a.accountId);
  const held = eodDate ? await positionsAt(db, eodDate, ids) : [];
  const instruments = await deps.instruments.catalog.getMany([...new Set(held.map((p) => p.instrumentId))]);
  const positions: PositionRow[] = [];
  const margin: MarginRow[] = [];
  let totalUnrealised = new Money(0);
  let totalMargin = new Money(0);
  const ratesByEntity = new Map<number, Awaited<ReturnType<TradingModule['margin']['ratesFor']>>>();
  for (const p of held) {
    const account = accounts.find((a) => a.accountId === p.accountId)!;
    positions.push({
      accountName: names.get(p.accountId) ?? String(p.accountId),
      symbol: p.symbol,
      kind: p.kind,
      quantity: p.quantity,
      mark: p.mark,
      unrealised: p.unrealised,
      currency: p.currency,
      display: await displayOf(p.currency),
    });
    const unrealisedBase = p.unrealised ? toBase(new Money(p.unrealised), p.currency) : null;
    if (unrealisedBase) totalUnrealised = totalUnrealised.plus(unrealisedBase);
    const instrument = instruments.get(p.instrumentId);
    if (!instrument || !p.mark || p.kind !== 'POSITION') continue;
    if (!ratesByEntity.has(account.entityId))
      ratesByEntity.set(account.entityId, await deps.trading.margin.ratesFor(account.entityId));
    const rate = ratesByEntity.get(account.entityId)![instrument.kind];
    const size = instrument.kind === 'CFD' ? instrument.contractSize : '1';
    const exposure = toBase(new Money(p.quantity).times(p.mark).times(size).abs(), p.currency);
    if (!exposure) continue;
    const requirement = exposure.times(rate);
    totalMargin = totalMargin.plus(requirement);
    margin.push({
      accountName: names.get(p.accountId) ?? String(p.accountId),
      symbol: p.symbol,
      exposure: exposure.toFixed(baseDisplay.scale),
      ratePct: rate.times(100).toString(),
      requirement: requirement.toFixed(baseDisplay.scale),
    });
  }
  const realisedRows = await realisedBetween(db, {
    accountIds: ids,
    after,
    upTo,
    fromDate: s.fromDate,
    toDate: s.toDate,
  });
  const realised: FigureRow[] = [];
  let totalRealised = new Money(0);
  for (const r of realisedRows) {
    realised.push({
      accountName: names.get(r.accountId) ?? String(r.accountId),
      currency: r.currency,
      amount: r.amount,
      display: await displayOf(r.currency),
    });
    const inBase = toBase(new Money(r.amount), r.currency);
    if (inBase) totalRealised = totalRealised.plus(inBase);
  }
  await progress(95);

  const scope = s.accountId
    ? (names.get(s.accountId) ?? `account ${s.accountId}`)
    : s.includeBelow
      ? `${entity.name} and the entities below it`
      : entity.name;
  const content: StatementContent = {
    platform: { name: deps.config.PRODUCT_NAME, addresses: root.addresses },
    entity: { name: entity.name, addresses: entity.addresses },
    title:
      `${s.period === 'DAILY' ? 'Daily' : s.period === 'MONTHLY' ? 'Monthly' : ''} Statement — ${scope}`.trim(),
    periodLabel: s.fromDate === s.toDate ? s.fromDate : `${s.fromDate} to ${s.toDate}`,
    generatedAt: stamp(new Date()),
    cutoff: `${stamp(upTo)} (${deps.config.EOD_CUTOFF_TIME} ${deps.config.EOD_TIME_ZONE} on ${s.toDate})`,
    eodLabel: basis.completed
      ? `${basis.completed.businessDate}, completed ${basis.completed.finishedAt ? stamp(new Date(basis.completed.finishedAt)) : ''}`.trim()
      : 'No end of day had completed by then: positions are not shown',
    baseCurrency: base,
    base: baseDisplay,
    currencyView: s.currencyView,
    sections,
    positions,
    realised,
    margin,
    totals: [
      { label: 'Closing balances', amount: baseFigure(totalBalance) },
      { label: 'Unrealised P&L at the cut-off', amount: baseFigure(totalUnrealised) },
      { label: 'Realised P&L in the period', amount: baseFigure(totalRealised) },
      { label: 'Fees charged in the period', amount: baseFigure(totalFees) },
      { label: 'Margin requirement at the cut-off', amount: baseFigure(totalMargin) },
    ],
    missingRates: [...missing].sort(),
  };
  return { content, entries, eodDate };
}
