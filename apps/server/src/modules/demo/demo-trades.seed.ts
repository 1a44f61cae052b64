import type {
  TCfdTrade,
  TDeliverableFxTrade,
  TFxSwap,
  TMarginFxTrade,
} from '@clearway/contracts/endpoints/trades.schemas';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { entities } from '../entities/entities.tables';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { instruments } from '../instruments/instruments.tables';
import { fxTradeDate, plusDays } from '../instruments/iso-dates';
import { accounts } from '../ledger/ledger.tables';
import { asBooked } from '../trading/booking-price';
import type { TradingModule } from '../trading/trading.module';
import { trades } from '../trading/trading.tables';
import { users } from '../users/users.tables';

/** What the demo's CFDs are priced at (marks for their P&L), set at each start like the rate sheet. */
export const DEMO_CFD_PRICES: [string, string, string, string][] = [
  ['US500', '5120.0', '5120.5', '5121.0'],
  ['UK100', '8179.5', '8180.0', '8180.5'],
  ['GER40', '18349.0', '18350.0', '18351.0'],
  ['XAUUSD', '2365.20', '2365.40', '2365.60'],
  ['BRENT', '82.13', '82.15', '82.17'],
  ['AAPL.US', '189.20', '189.25', '189.30'],
];

type Demo =
  | {
      key: string;
      kind: 'margin';
      account: string;
      body: Omit<TMarginFxTrade, 'accountId' | 'instrumentId'>;
      symbol: string;
    }
  | {
      key: string;
      kind: 'cfd';
      account: string;
      body: Omit<TCfdTrade, 'accountId' | 'instrumentId'>;
      symbol: string;
    }
  | {
      key: string;
      kind: 'deliverable';
      account: string;
      body: Omit<TDeliverableFxTrade, 'accountId' | 'instrumentId'>;
      symbol: string;
      forward?: boolean;
      cancel?: string;
    }
  | {
      key: string;
      kind: 'swap';
      account: string;
      body: Omit<TFxSwap, 'accountId' | 'instrumentId' | 'farValueDate'>;
      symbol: string;
    }
  | { key: string; kind: 'sweep'; account: string; currencies: string[] };

/**
 * The demo clients' book: open positions (on Northwind FX and Cobalt Master), forwards, a swap,
 * a sweep, a closed-out position and one cancelled trade. What Northwind Margin and Harbor
 * Trading trade is delivered a month out, so nothing posts to the balances the journeys read
 * until then (their trades hold what they will pay).
 */
const DEMO_TRADES: Demo[] = [
  {
    key: 'DEMO-1',
    kind: 'margin',
    account: 'Northwind FX',
    symbol: 'EUR/USD',
    body: { side: 'BUY', amount: '250000.00', rate: '1.08150' },
  },
  {
    key: 'DEMO-2',
    kind: 'margin',
    account: 'Northwind FX',
    symbol: 'GBP/USD',
    body: { side: 'SELL', amount: '150000.00', rate: '1.27400' },
  },
  {
    key: 'DEMO-3',
    kind: 'cfd',
    account: 'Northwind FX',
    symbol: 'US500',
    body: { side: 'BUY', quantity: '10', price: '5098.0' },
  },
  {
    key: 'DEMO-4',
    kind: 'deliverable',
    account: 'Northwind Margin',
    symbol: 'EUR/USD',
    forward: true,
    body: { side: 'SELL', amount: '200000.00', rate: '1.08700' },
  },
  {
    key: 'DEMO-5',
    kind: 'swap',
    account: 'Northwind Margin',
    symbol: 'EUR/USD',
    body: { side: 'BUY', amount: '100000.00', rate: '1.08420', swapPoints: '13' },
  },
  {
    key: 'DEMO-6',
    kind: 'deliverable',
    account: 'Northwind Margin',
    symbol: 'EUR/USD',
    body: { side: 'BUY', amount: '50000.00', rate: '1.08500' },
    cancel: 'Booked twice: the client confirmed one purchase only',
  },
  {
    key: 'DEMO-7',
    kind: 'deliverable',
    account: 'Harbor Trading',
    symbol: 'EUR/GBP',
    forward: true,
    body: { side: 'BUY', amount: '100000.00', rate: '0.85200' },
  },
  { key: 'DEMO-8', kind: 'sweep', account: 'Cobalt Master', currencies: ['ETH'] },
  {
    key: 'DEMO-9',
    kind: 'margin',
    account: 'Cobalt Master',
    symbol: 'USD/JPY',
    body: { side: 'BUY', amount: '500000.00', rate: '150.850' },
  },
  {
    key: 'DEMO-10',
    kind: 'margin',
    account: 'Cobalt Master',
    symbol: 'USD/JPY',
    body: { side: 'SELL', amount: '200000.00', rate: '151.050' },
  },
];

/**
 * Booked trades for the demo clients, so the blotter, the detail and the Overview's P&L have
 * something to show on first start — booked through the trading services as platform staff
 * (the `admin` persona), once (a second start finds them and books nothing). CFD prices are
 * set at each start.
 */
export async function seedDemoTrades(db: Db, trading: TradingModule, m: InstrumentsModule): Promise<void> {
  const cfds = await db.select().from(instruments).where(eq(instruments.kind, 'CFD'));
  for (const [symbol, bid, mid, ask] of DEMO_CFD_PRICES) {
    const cfd = cfds.find((c) => c.symbol === symbol);
    if (cfd) await m.cfdPrices.load({ instrumentId: cfd.id, price: mid, bid, ask });
  }
  const [booked] = await db
    .select({ id: trades.id })
    .from(trades)
    .where(like(trades.reference, 'DEMO-%'))
    .limit(1);
  if (booked) return;
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  const [root] = await db.select().from(entities).where(eq(entities.name, 'Clearway Platform'));
  if (!admin || !root) return;
  const principal: Principal = {
    kind: 'user',
    id: admin.id,
    name: admin.username,
    homeEntityId: root.id,
    via: 'session',
    twoFactorPending: false,
  };
  const who = { principal, entityId: root.id };
  const tradeDate = fxTradeDate();
  const all = await db.select().from(instruments);
  const instrumentId = (symbol: string) => all.find((i) => i.symbol === symbol)!.id;

  for (const d of DEMO_TRADES) {
    const [account] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.name, d.account), eq(accounts.kind, 'CLIENT')));
    if (!account) continue;
    const common = { accountId: account.id, tradeDate, reference: d.key };
    const key = `demo-${d.key}`;
    switch (d.kind) {
      case 'margin':
        await trading.positions.bookMarginFx(who, key, {
          ...d.body,
          ...common,
          instrumentId: instrumentId(d.symbol),
        });
        break;
      case 'cfd':
        await trading.positions.bookCfd(who, key, {
          ...d.body,
          ...common,
          instrumentId: instrumentId(d.symbol),
        });
        break;
      case 'swap': {
        // A forward-forward swap: both legs a month or more out.
        const pair = { base: d.symbol.slice(0, 3), quote: d.symbol.slice(4) };
        await trading.swaps.book(who, key, {
          ...d.body,
          ...common,
          instrumentId: instrumentId(d.symbol),
          nearValueDate: await businessDayFrom(m, pair, plusDays(tradeDate, 33)),
          farValueDate: await businessDayFrom(m, pair, plusDays(tradeDate, 63)),
        });
        break;
      }
      case 'deliverable': {
        const pair = { base: d.symbol.slice(0, 3), quote: d.symbol.slice(4) };
        const valueDate = d.forward ? await businessDayFrom(m, pair, plusDays(tradeDate, 33)) : undefined;
        const view = asBooked(
          await trading.deliverable.bookAtRate(who, key, {
            ...d.body,
            ...common,
            instrumentId: instrumentId(d.symbol),
            ...(valueDate ? { valueDate } : {}),
          }),
        );
        if (d.cancel) await trading.trades.cancel(who, view.trade.id, d.cancel);
        break;
      }
      case 'sweep':
        await trading.sweeps.book(who, key, {
          accountId: account.id,
          currencies: d.currencies,
          tradeDate,
          reference: d.key,
        });
        break;
    }
  }
}

/** The first business day of the pair's calendars on or after `from`. */
async function businessDayFrom(m: InstrumentsModule, pair: { base: string; quote: string }, from: string) {
  for (let day = from, i = 0; i < 10; day = plusDays(day, 1), i++) {
    try {
      await m.valueDates.validate(pair, day);
      return day;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  throw new Error(`no business day of ${pair.base}/${pair.quote} in the ten days from ${from}`);
}
