import type { TCfdPrice } from '@clearway/contracts/endpoints/instruments.schemas';
import { desc, eq, lte } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import type { UsersService } from '../users/users.service';
import { cfdPrices, instruments } from './instruments.tables';

type Who = { principal: Principal; entityId: number };
export type PriceInput = { instrumentId: number; price: string; bid?: string; ask?: string };

const fig = (v: string) => new Money(v).toString();

/**
 * CFD prices: set by staff (audited) or loaded (demo data, tests), every one kept; what CFD
 * positions are marked and financed at — now, or as they stood at an end of day's cut-off.
 */
export function createCfdPricesService(db: Db, users: UsersService) {
  /** The latest price of each CFD set by `at` (every CFD's latest without it). */
  async function latest(at?: Date): Promise<TCfdPrice[]> {
    const rows = await db
      .selectDistinctOn([cfdPrices.instrumentId], {
        p: cfdPrices,
        symbol: instruments.symbol,
        quote: instruments.quoteCurrency,
      })
      .from(cfdPrices)
      .innerJoin(instruments, eq(instruments.id, cfdPrices.instrumentId))
      .where(at ? lte(cfdPrices.asOf, at) : undefined)
      .orderBy(cfdPrices.instrumentId, desc(cfdPrices.asOf), desc(cfdPrices.id));
    return rows.map(({ p, symbol, quote }) => ({
      instrumentId: p.instrumentId,
      symbol,
      quote,
      bid: fig(p.bid),
      mid: fig(p.mid),
      ask: fig(p.ask),
      asOf: p.asOf.toISOString(),
      setBy: p.setBy,
    }));
  }

  async function write(tx: DbOrTx, i: PriceInput, setBy: string, asOf = new Date()): Promise<TCfdPrice> {
    const [cfd] = await tx.select().from(instruments).where(eq(instruments.id, i.instrumentId));
    if (!cfd) throw notFound('Instrument not found');
    if (cfd.kind !== 'CFD')
      throw new AppError('BadRequest', 422, `instrumentId: ${cfd.symbol} is not a CFD`, {
        instrumentId: 'is not a CFD',
      });
    const mid = new Money(i.price);
    if (mid.decimalPlaces() > cfd.pricePrecision) {
      const message = `at most ${cfd.pricePrecision} decimal places for ${cfd.symbol}`;
      throw new AppError('BadRequest', 400, `price: ${message}`, { price: message });
    }
    const [row] = await tx
      .insert(cfdPrices)
      .values({
        instrumentId: cfd.id,
        mid: mid.toString(),
        bid: i.bid ?? i.price,
        ask: i.ask ?? i.price,
        setBy,
        asOf,
      })
      .returning();
    return {
      instrumentId: cfd.id,
      symbol: cfd.symbol,
      quote: cfd.quoteCurrency,
      bid: fig(row!.bid),
      mid: fig(row!.mid),
      ask: fig(row!.ask),
      asOf: row!.asOf.toISOString(),
      setBy,
    };
  }

  return {
    latest,
    /** Loads a price without an audit row (demo data, tests), as of now or of a moment given. */
    load: (i: PriceInput, setBy = 'system', asOf?: Date) => write(db, i, setBy, asOf),
    /**
     * Staff set a CFD's price (audited).
     * @throws NotFound; 422 for an instrument that is not a CFD; BadRequest for a price finer than its precision
     */
    async set(who: Who, i: PriceInput): Promise<TCfdPrice> {
      const by = await users.displayName(who.principal);
      return db.transaction(async (tx) => {
        const price = await write(tx, i, by);
        await recordAudit(tx, who, {
          action: 'cfd-prices.set',
          outcome: 'success',
          target: price.symbol,
          details: { bid: price.bid, mid: price.mid, ask: price.ask },
        });
        return price;
      });
    },
  };
}
export type CfdPricesService = ReturnType<typeof createCfdPricesService>;
