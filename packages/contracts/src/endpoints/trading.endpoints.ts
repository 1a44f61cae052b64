import { z } from 'zod';
import { call, row } from '../endpoint';
import { ZEntityScope, ZRate, ZRateChange, ZRateHistoryRequest, ZRateSet } from './money.schemas';
import { P } from './permission-sets';

export const instrumentEndpoints = {
  list: row('POST', '/instruments/list', 'instruments', 'Instruments', { permissions: P.instrumentView }),
  fxSpotValueDate: row('POST', '/instruments/fx/spotValueDate', 'instruments', 'FX spot value date', {
    permissions: P.instrumentView,
  }),
  cfdValueDate: row('POST', '/instruments/cfd/valueDate', 'instruments', 'CFD value date', {
    permissions: P.instrumentView,
  }),
  currencies: row('GET', '/instruments/currencies', 'instruments', 'Instrument currencies', {
    permissions: P.instrumentView,
  }),
  fxSwapRates: row('POST', '/fx-swap-rates', 'instruments', 'FX swap rates', {
    permissions: P.instrumentView,
  }),
  // Beyond section 7: the rate sheet that base-currency balances use, kept by staff with
  // instrument_management (issue 5).
  rates: call(
    'POST',
    '/instruments/rates',
    'instruments',
    'The rate sheet (mid rates with their time)',
    P.instrumentView,
    ZEntityScope,
    z.array(ZRate),
  ),
  rateHistory: call(
    'POST',
    '/instruments/rates/history',
    'instruments',
    'The changes of one mid rate, newest first: rate, the rate it replaced, who and when',
    P.instruments,
    ZRateHistoryRequest,
    z.array(ZRateChange),
  ),
  setRate: call(
    'PUT',
    '/instruments/rates',
    'instruments',
    'Set a mid rate of the rate sheet (instrument_management)',
    P.instruments,
    ZRateSet,
    ZRate,
    // One rate sheet values every tenant's balances.
    { scope: 'platform' },
  ),
} as const;

const book = (path: string, summary: string) =>
  row('POST', `/trades/${path}`, 'trades', summary, { permissions: P.manualTrade, idempotent: true });

export const tradeEndpoints = {
  bookManualFxTrade: book('bookManualFxTrade', 'Book a manual FX trade'),
  bookConversionSweepTrade: book('bookConversionSweepTrade', 'Book a conversion sweep trade'),
  bookManualDeliverableFxTrade: book('bookManualDeliverableFxTrade', 'Book a deliverable FX trade'),
  bookManualDeliverableFxTrade2: book('bookManualDeliverableFxTrade2', 'Book a deliverable FX trade (v2)'),
  bookManualFxSwap: book('bookManualFxSwap', 'Book a manual FX swap'),
  bookManualCfdTrade: book('bookManualCfdTrade', 'Book a manual CFD trade'),
  bookManualDeliverableFxOptionTrade: book(
    'bookManualDeliverableFxOptionTrade',
    'Book a deliverable FX option',
  ),
  view: row('POST', '/trades/view', 'trades', 'One trade', { permissions: P.tradeView }),
  list: row('POST', '/trades/list', 'trades', 'Trades', { permissions: P.tradeView }),
  cancel: row('POST', '/trades/cancel', 'trades', 'Cancel a trade', { permissions: P.tradeAmend }),
  expireOption: book('expireOption', 'Expire an option'),
  exerciseOption: book('exerciseOption', 'Exercise an option'),
  knockInOption: book('knockInOption', 'Knock in an option'),
  knockOutOption: book('knockOutOption', 'Knock out an option'),
} as const;

export const statementEndpoints = {
  generate: row('POST', '/statement/generate', 'statements', 'Generate a statement', {
    permissions: P.statements,
  }),
  status: row('POST', '/statement/status', 'statements', 'Statement status', { permissions: P.statements }),
  download: row('POST', '/statement/download', 'statements', 'Download a statement', {
    permissions: P.statements,
  }),
  lastEod: row('POST', '/statement/last-eod', 'statements', 'Last end-of-day', { permissions: P.eod }),
} as const;
