import { type Endpoint, entityLocationOf, toRoutePattern } from '@clearway/contracts/endpoint';
import { ENDPOINT_LIST, endpointKey } from '@clearway/contracts/endpoint-table';
import type { ObjectKind } from '@clearway/contracts/objects';
import { sql } from 'drizzle-orm';
import { fxTradeDate, plusDays } from '../modules/instruments/iso-dates';
import { bookedEntry } from '../modules/ledger/cash-entries.service';
import { asBooked } from '../modules/trading/booking-price';
import { staffAt } from '../modules/trading/trading-test-kit';
import type { Agent } from './agent';
import {
  actingAs,
  createEntity,
  grant,
  keyExpiry,
  multipartBody,
  PDF_BYTES,
  randomEthAddress,
  signedInUser,
  uniqueName,
} from './fixtures';
import type { TestContext } from './test-app';

// The world the route walks run in (route-access.test.ts, bad-input.test.ts): a root with
// entities A and B below it, a user holding every key on A, and a valid sample call for
// every implemented route with permission keys, built against A.

export type Sample = {
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  multipart?: Buffer;
  params?: Record<string, number>;
};
export type World = {
  root: number;
  /** An entity beside A, outside the callers' trees. */
  b: number;
  /** A user of A without any key. */
  noKeys: Agent;
  a: number;
  /** Every key on A, below the root: enough for any row but a platform-wide one. */
  admin: Agent;
  /** Every key on the platform root and below. */
  rootAdmin: Agent;
  adminUsername: string;
  accounts: [number, number];
  /** Accounts of an entity below A: historic entries are booked by staff above the owner. */
  clientAccounts: [number, number];
  newRequest: () => Promise<number>;
  newWallet: () => Promise<number>;
  newVasp: () => Promise<number>;
  newBank: () => Promise<number>;
  newSsiProfile: () => Promise<number>;
  newMoneyRequest: (approved: boolean) => Promise<number>;
  /** A fresh deliverable EUR/USD trade on A's client's first account, booked by platform staff. */
  newTrade: () => Promise<number>;
  /**
   * EUR and USD business days ahead of today: a swap's far date (about two weeks out) and an
   * option's expiry (about a month out) — trades are booked today, so their dates are too.
   */
  ahead: { farValueDate: string; expiryDate: string };
  /** The option's expiry cut has passed (the clock moved on): what exercising or expiring it needs. */
  pastCut: (tradeId: number) => Promise<void>;
  /** Another staff member (platform staff) approves an off-market booking: the option it books. */
  approveOffMarket: (requestId: number) => Promise<number>;
  /** A ready statement of A's first account (built at once, no worker). */
  newStatement: () => Promise<number>;
  /** Credits the first account of A's client (a historic deposit by platform staff). */
  fundClient: (asset: string, amount: string) => Promise<void>;
  /** A fresh notification of `admin`'s (only its recipient may read or mark it). */
  newNotification: () => Promise<number>;
  /** A fresh historic entry of the type between the client accounts, to reverse. */
  newCashEntry: (type: 'DEPOSIT' | 'WITHDRAWAL' | 'INTERNAL_TRANSFER') => Promise<number>;
  /**
   * For each kind of object a contract row may name by id, one that belongs to B: outside
   * the tree of a caller acting on A. A kind without one fails the walk.
   */
  foreign: Partial<Record<ObjectKind, () => Promise<number | string>>>;
  /** A fresh user of A (invited by the administrator), an API key of A, a user template of A. */
  newUser: () => Promise<string>;
  newKey: () => Promise<string>;
  newTemplate: () => Promise<number>;
  newSsoLink: () => Promise<number>;
  /**
   * A fresh allocation group of A's client (an Allocation Manager) with one investor (an
   * Allocation Investor below it), a spare investor account not in the group, and a block
   * trade on the client's first account of the kind asked.
   */
  /**
   * Gives A its attributes again (Allocation Manager, and Executing Broker: A is the house's
   * side, its users the staff for its client, desk.ts).
   */
  makeManager: () => Promise<void>;
  newAllocation: (
    block?: 'fx' | 'cfd',
  ) => Promise<{ groupId: number; investorId: number; spareAccountId: number; tradeId: number }>;
  /** A Transfer Receiver below A: its funded GBP account and fresh usable GBP bank accounts. */
  payout: { account: number; newBank: () => Promise<number> };
  /** A fee schedule of A's own, in a future window of its own (so none overlaps another). */
  newFeeSchedule: () => Promise<number>;
  /** The next unused future window for fee schedules (each earlier than the one before). */
  feeWindow: () => { effectiveFrom: string; effectiveTo: string };
};

/** A's attributes: an Allocation Manager, and a broker — the house's side (desk.ts). */
const A_ATTRIBUTES = ['Allocation Manager', 'Executing Broker'] as const;

const bank = () => ({
  beneficiaryName: 'Northwind Capital Ltd',
  beneficiaryAddress: '1 Bank Street, London',
  bankName: 'NatWest',
  accountNumber: String(Math.floor(Math.random() * 1e10)).padStart(10, '0'),
  bic: 'NWBKGB2L',
  currency: 'GBP',
});

const wallet = () => ({
  network: 'ETH',
  address: randomEthAddress(),
  friendlyName: uniqueName('Wallet '),
  digitalAssets: ['ETH'],
});

/**
 * A valid call for every implemented route that has permission keys, built against entity A.
 * A route without a sample fails the walk below, so each new route brings one.
 */
export const SAMPLES: Record<string, (w: World) => Promise<Sample> | Sample> = {
  'platform.setMaintenance': () => ({ body: { maintenance: false } }),
  'platform.notificationList': () => ({ body: { limit: 20, offset: 0 } }),
  'platform.notificationRead': async (w) => ({ body: { notificationId: await w.newNotification() } }),
  'platform.notificationReadAll': () => ({ body: {} }),
  'entity.list': (w) => ({ body: { username: w.adminUsername } }),
  'entity.childList': () => ({ body: {} }),
  'entity.create': (w) => ({ body: { parentId: w.a, entityName: uniqueName('Desk ') } }),
  'entity.view': (w) => ({ body: { entityId: w.a } }),
  // A's attributes as they are: they change only from above A (entities.service.ts).
  'entity.update': (w) => ({
    body: { entityId: w.a, entityName: 'Entity A', attributes: [...A_ATTRIBUTES] },
  }),
  'entity.relatedEntities': (w) => ({ body: { entityId: w.a } }),
  'entity.relatedEntitiesUpstream': (w) => ({ body: { entityId: w.a } }),
  'entity.linkedEntities': (w) => ({ body: { entityId: w.a } }),
  'entity.conversionProfile': () => ({ query: { id: 1 } }),
  'entity.accounts': () => ({ body: {} }),
  'entity.conversionProfileCreate': () => ({ body: { name: uniqueName('Conversion ') } }),
  'entity.conversionProfileUpdate': () => ({ body: { id: 1, description: 'Mid plus the standard spread' } }),
  'entity.rollProfileCreate': () => ({ body: { name: uniqueName('Roll ') } }),
  'entity.rollProfileUpdate': () => ({ body: { id: 1, description: 'Every business day' } }),
  'entity.addressTypesAll': () => ({ query: {} }),
  'entity.addressTypeCreate': () => ({ body: { code: uniqueName('Postal '), label: 'Postal' } }),
  'entity.addressTypeUpdate': () => ({ body: { code: 'Mailing', label: 'Mailing' } }),
  'entity.nameSourcesAll': () => ({ query: {} }),
  'entity.nameSourceCreate': () => ({ body: { code: uniqueName('Registry '), label: 'Registry' } }),
  'entity.nameSourceUpdate': () => ({ body: { code: 'Bank', label: 'Bank' } }),
  'entity.attributesAll': () => ({ query: {} }),
  'entity.attributeCreate': () => ({ body: { code: uniqueName('Family Office '), label: 'Family Office' } }),
  'entity.attributeUpdate': () => ({ body: { code: 'Customer', label: 'Customer' } }),
  'entity.freeze': async (w) => ({ body: { targetEntityId: await newChild(w), reason: 'Sanctions review' } }),
  'entity.unfreeze': async (w) => {
    const targetEntityId = await newChild(w);
    await w.admin.post('/api/entity/freeze', { entityId: w.a, targetEntityId, reason: 'Review' });
    return { body: { targetEntityId, reason: 'Review closed' } };
  },
  'template.list': () => ({ query: {} }),
  'template.create': () => ({ body: { name: uniqueName('Template ') } }),
  'template.view': async (w) => ({ body: { templateId: await newTemplate(w) } }),
  'template.update': async (w) => ({
    body: { templateId: await newTemplate(w), name: uniqueName('Renamed ') },
  }),
  'template.delete': async (w) => ({ body: { templateId: await newTemplate(w) } }),
  'template.createEntity': async (w) => ({
    params: { id: await newTemplate(w) },
    body: { parentId: w.a, entityName: uniqueName('From template ') },
  }),
  'authorization.rolesCreate': () => ({ body: { name: uniqueName('role-'), permissions: ['account_view'] } }),
  'authorization.rolesUpdate': async (w) => ({ body: { roleId: await newRole(w), description: 'updated' } }),
  'authorization.rolesDelete': async (w) => ({ body: { roleId: await newRole(w) } }),
  'authorization.groupsCreate': () => ({ body: { name: uniqueName('group-') } }),
  'authorization.groupsUpdate': async (w) => ({
    body: { groupId: await newGroup(w), description: 'updated' },
  }),
  'authorization.groupsDelete': async (w) => ({ body: { groupId: await newGroup(w) } }),
  'authorization.groupsRoleAppend': async (w) => ({
    body: { groupId: await newGroup(w), roleId: await newRole(w) },
  }),
  'authorization.groupsRoleUpdate': async (w) => ({
    body: { groupId: await newGroup(w), roleIds: [await newRole(w)] },
  }),
  'authorization.scopesCreate': async (w) => ({
    body: { groupId: await newGroup(w), entityId: w.a, scopeType: 'SELF' },
  }),
  'authorization.scopesUpdate': async (w) => ({
    body: { id: await newScope(w), entityId: w.a, scopeType: 'DESCENDANTS' },
  }),
  'authorization.scopesDelete': async (w) => ({ body: { id: await newScope(w), entityId: w.a } }),
  'authorization.directCreate': async (w) => ({
    body: {
      principal: { kind: 'user', id: await w.newUser() },
      entityId: w.a,
      permission: 'account_view',
      scopeType: 'SELF',
    },
  }),
  'authorization.directDelete': async (w) => ({ body: { id: await newDirect(w), entityId: w.a } }),
  'userManagement.list': () => ({ body: {} }),
  'userManagement.listAll': () => ({ body: {} }),
  'userManagement.create': (w) => ({ body: newUserBody(w) }),
  'userManagement.createPortalUser': (w) => ({ body: newUserBody(w) }),
  'userManagement.createViaTemplate': async (w) => {
    const { homeEntityId: _, twoFactorRequired: __, ...body } = newUserBody(w);
    return { body: { ...body, templateId: await w.newTemplate() } };
  },
  'userManagement.update': async (w) => ({ body: { userId: await w.newUser(), displayName: 'Renamed' } }),
  'userManagement.twoFactorUpdate': async (w) => ({
    body: { userId: await w.newUser(), action: 'reset', reason: 'Lost phone' },
  }),
  'userManagement.assign': async (w) => ({ body: { userId: await w.newUser(), groupIds: [] } }),
  'userManagement.rolesUpdate': async (w) => ({
    body: { userId: await w.newUser(), roles: [{ roleId: await newRole(w), scopeType: 'SELF' }] },
  }),
  'userManagement.templates': () => ({ body: {} }),
  'userManagement.templatesCreate': async (w) => ({
    body: {
      name: uniqueName('Template '),
      homeEntityId: w.a,
      groupIds: [await newGroup(w)],
      roles: [{ roleId: await newRole(w), scopeType: 'SELF' }],
    },
  }),
  'userManagement.effectiveAccess': async (w) => ({
    body: { principal: { kind: 'user', id: await w.newUser() } },
  }),
  'userManagement.apiKeysList': () => ({ query: {} }),
  'userManagement.apiKeysCreate': () => ({
    body: { name: uniqueName('Key '), allowedCidrs: ['127.0.0.1/32'], expiresOn: keyExpiry() },
  }),
  'userManagement.apiKeysUpdate': async (w) => ({ body: { apiKeyId: await w.newKey(), name: 'Renamed' } }),
  'userManagement.apiKeysRevoke': async (w) => ({ body: { apiKeyId: await w.newKey() } }),
  'userManagement.apiKeysGroups': async (w) => ({
    body: { apiKeyId: await w.newKey(), groupIds: [await newGroup(w)] },
  }),
  'userManagement.apiKeysRoles': async (w) => ({
    body: { apiKeyId: await w.newKey(), roles: [{ roleId: await newRole(w), scopeType: 'SELF' }] },
  }),
  'userManagement.apiKeysDirectPermissions': async (w) => ({
    body: { apiKeyId: await w.newKey(), permissions: [{ key: 'account_view', scopeType: 'SELF' }] },
  }),
  'authorization.ssoList': () => ({ query: {} }),
  'authorization.ssoCreate': async (w) => ({
    body: { userId: await w.newUser(), issuer: 'https://idp.example.com', subject: uniqueName('sub-') },
  }),
  'authorization.ssoDelete': async (w) => ({ body: { id: await w.newSsoLink() } }),
  'authorization.rightsPreview': async (w) => ({
    body: {
      change: { kind: 'roles/update', body: { roleId: await newRole(w), permissions: ['account_view'] } },
    },
  }),
  'audit.list': () => ({ body: {} }),
  'userManagement.celerDetails': async (w) => ({ body: { userId: await w.newUser() } }),
  'userManagement.celerUpdate': async (w) => ({
    body: {
      userId: await w.newUser(),
      loginName: uniqueName('tp.').replace(/[^A-Za-z0-9._-]/g, ''),
      accounts: ['TP-1'],
    },
  }),
  'userManagement.celerResetPassword': async (w) => {
    const login = uniqueName('tp.').replace(/[^A-Za-z0-9._-]/g, '');
    const made = await w.admin.put('/api/user-management/celer-user/update', {
      userId: await w.newUser(),
      loginName: login,
    });
    return { body: { userName: login, id: made.json().id } };
  },
  'entity.celerUser': (w) => ({ body: { entityId: w.a } }),
  'entity.accountProperties': (w) => ({ body: { entityId: w.a } }),
  // A's trading flag as it is (false): it changes only from above A.
  'entity.accountPropertiesUpdate': (w) => ({
    body: { entityId: w.a, leverage: 30, tradingEnabled: false, allowedInstruments: ['EUR/USD'] },
  }),
  'account.list': () => ({ body: {} }),
  'account.create': () => ({
    body: { accountType: 'Bank', accountName: uniqueName('Acct '), ibanCode: 'GB82 WEST 1234 5698 7654 32' },
  }),
  'account.update': (w) => ({ body: { accountId: w.accounts[0], accountCode: 'A-1' } }),
  'account.view': (w) => ({ body: { accountId: w.accounts[0] } }),
  'account.balances': () => ({ body: {} }),
  'account.baseCurrency': () => ({ body: {} }),
  'account.balancesTowardClients': () => ({ body: {} }),
  'account.summary': () => ({ body: {} }),
  'account.profitLoss': () => ({ body: {} }),
  'account.profitLossTowardClients': () => ({ body: {} }),
  'account.summaryTowardClients': () => ({ body: {} }),
  'account.scolChildren': () => ({ body: {} }),
  'account.scolBroker': () => ({ body: {} }),
  'cashEntry.list': () => ({ body: {} }),
  'instruments.rates': () => ({ body: {} }),
  'instruments.rateHistory': () => ({ body: { base: 'EUR', quote: 'USD' } }),
  'instruments.setRate': () => ({ body: { base: 'EUR', quote: 'USD', rate: '1.0845' } }),
  'instruments.list': () => ({ body: {} }),
  'instruments.currencies': () => ({ query: {} }),
  'instruments.fxSpotValueDate': () => ({ body: { base: 'EUR', quote: 'USD', tradeDate: '2026-03-05' } }),
  'instruments.cfdValueDate': async (w) => ({
    body: { instrumentId: await newCfd(w), tradeDate: '2026-03-05' },
  }),
  'instruments.fxSwapRates': () => ({ body: {} }),
  'instruments.create': () => ({ body: cfd() }),
  'instruments.update': async (w) => ({ body: { instrumentId: await newCfd(w), name: 'Renamed' } }),
  'instruments.setStatus': async (w) => ({ body: { instrumentId: await newCfd(w), enabled: false } }),
  'instruments.fxForwardRate': async (w) => {
    await ensureEurUsd(w);
    return { body: { base: 'EUR', quote: 'USD', tradeDate: '2026-03-05', valueDate: '2026-04-09' } };
  },
  'instruments.setSwapPoints': async (w) => {
    await ensureEurUsd(w);
    return { body: { base: 'EUR', quote: 'USD', points: [{ tenor: '1M', bid: '12.8', ask: '13.3' }] } };
  },
  'instruments.calendars': () => ({ body: {} }),
  'instruments.holidays': () => ({ body: { calendar: 'EUR', year: 2026 } }),
  'instruments.addHoliday': () => ({ body: { calendar: 'USD', date: freshWeekday(), name: 'Closure' } }),
  'instruments.removeHoliday': async (w) => {
    const date = freshWeekday();
    const res = await w.rootAdmin.post('/api/instruments/holidays/create', {
      calendar: 'USD',
      date,
      name: 'Closure',
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return { body: { calendar: 'USD', date } };
  },
  'entity.instruments': () => ({ body: {} }),
  'entity.setInstruments': async (w) => {
    const res = await w.admin.post('/api/entity/create', {
      parentId: w.a,
      entityName: uniqueName('Client '),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return { body: { clientId: res.json().entityId, instrumentIds: null } };
  },
  'trades.bookManualDeliverableFxTrade': async (w) => ({
    body: { ...(await tradeTerms(w)), rate: '1.0842' },
  }),
  'trades.bookManualDeliverableFxTrade2': async (w) => ({
    body: { ...(await tradeTerms(w)), counterAmount: '1.08' },
  }),
  'trades.bookManualFxTrade': async (w) => ({
    body: { ...(await tradeTerms(w)), side: 'BUY', rate: '1.0842' },
  }),
  'trades.bookManualCfdTrade': async (w) => {
    const { amount: _amount, ...terms } = await tradeTerms(w);
    // A CFD with a price: a typed price is judged against it.
    const instrumentId = await newCfd(w);
    const priced = await w.rootAdmin.put('/api/instruments/cfd/prices', { instrumentId, price: '100.0' });
    if (priced.statusCode !== 200) throw new Error(priced.body);
    return { body: { ...terms, instrumentId, side: 'BUY', quantity: '1', price: '100.0' } };
  },
  'trades.bookManualFxSwap': async (w) => ({
    body: {
      ...(await tradeTerms(w)),
      rate: '1.0842',
      swapPoints: '1.5',
      farValueDate: w.ahead.farValueDate,
    },
  }),
  'trades.bookConversionSweepTrade': async (w) => {
    await w.fundClient('GBP', '1.00');
    await w.rootAdmin.put('/api/instruments/rates', { base: 'GBP', quote: 'USD', rate: '1.2650' });
    return { body: { accountId: w.clientAccounts[0], currencies: ['GBP'] } };
  },
  'trades.quote': async (w) => {
    const { accountId, instrumentId } = await tradeTerms(w);
    return { body: { kind: 'DELIVERABLE_FX', accountId, instrumentId, side: 'BUY', amount: '1000.00' } };
  },
  'instruments.cfdPrices': () => ({ body: {} }),
  'instruments.setCfdPrice': async (w) => ({ body: { instrumentId: await newCfd(w), price: '100.5' } }),
  'trades.bookManualDeliverableFxOptionTrade': async (w) => ({ body: await optionTerms(w) }),
  // A knock-in or knock-out needs the barrier touched by a recorded rate since booking.
  'trades.knockInOption': async (w) => {
    const tradeId = await newOption(w, { direction: 'UP', kind: 'KNOCK_IN', level: '1.1' });
    await touchEurUsd(w, '1.1000');
    return { body: { tradeId, reason: 'Barrier touched' } };
  },
  'trades.knockOutOption': async (w) => {
    const tradeId = await newOption(w, { direction: 'UP', kind: 'KNOCK_OUT', level: '1.1' });
    await touchEurUsd(w, '1.1000');
    return { body: { tradeId, reason: 'Barrier touched' } };
  },
  'trades.barrierEvent': async (w) => ({
    body: {
      tradeId: await newOption(w, { direction: 'UP', kind: 'KNOCK_OUT', level: '1.1' }),
      event: 'KNOCK_OUT',
      observedRate: '1.1001',
      observedAt: new Date().toISOString(),
      source: 'Reuters EURUSD=',
      reason: 'Barrier touched between the sheet’s updates',
    },
  }),
  'trades.exerciseOption': async (w) => {
    const tradeId = await newOption(w);
    await w.pastCut(tradeId);
    return { body: { tradeId, reason: 'Exercised at the cut', override: true } };
  },
  'trades.expireOption': async (w) => {
    const tradeId = await newOption(w);
    await w.pastCut(tradeId);
    return { body: { tradeId, reason: 'Expired at the cut' } };
  },
  'instruments.optionMarket': () => ({ body: {} }),
  'instruments.setVolatilities': () => ({
    body: { base: 'EUR', quote: 'USD', points: [{ tenor: '1M', volatilityPct: '7.5' }] },
  }),
  'instruments.setInterestRate': () => ({ body: { currency: 'USD', ratePct: '4.25' } }),
  'instruments.marginRates': () => ({ body: {} }),
  'instruments.setMarginRate': () => ({ body: { instrumentClass: 'FX', ratePct: '3.33' } }),
  'instruments.setEntityMarginRate': () => ({ body: { instrumentClass: 'FX', ratePct: '5' } }),
  'account.fxOptionProfitLoss': () => ({ body: {} }),
  'entity.marginRequirements': () => ({ body: {} }),
  'allocations.groupsList': () => ({ body: {} }),
  'allocations.groupsCreate': async (w) => {
    await w.makeManager();
    return { body: { name: uniqueName('Group '), weighting: 'RATIO' } };
  },
  'allocations.groupsUpdate': async (w) => ({
    body: { groupId: (await w.newAllocation()).groupId, status: 'SUSPENDED' },
  }),
  'allocations.groupsDelete': async (w) => ({ body: { groupId: (await w.newAllocation()).groupId } }),
  'allocations.investorsAdd': async (w) => {
    const { groupId, spareAccountId } = await w.newAllocation();
    return { body: { groupId, accountId: spareAccountId, weight: '2' } };
  },
  'allocations.investorsUpdate': async (w) => {
    const { groupId, investorId } = await w.newAllocation();
    return { body: { groupId, investorId, weight: '3', priority: 1 } };
  },
  'allocations.investorsRemove': async (w) => {
    const { groupId, investorId } = await w.newAllocation();
    return { body: { groupId, investorId } };
  },
  'allocations.tradesFx': async (w) => {
    const { groupId, tradeId } = await w.newAllocation('fx');
    return { body: { groupId, tradeId, preview: true } };
  },
  'allocations.tradesCfd': async (w) => {
    const { groupId, tradeId } = await w.newAllocation('cfd');
    return { body: { groupId, tradeId, preview: true } };
  },
  'trades.list': () => ({ body: {} }),
  'trades.view': async (w) => ({ body: { tradeId: await w.newTrade() } }),
  'trades.cancel': async (w) => ({ body: { tradeId: await w.newTrade(), reason: 'The walk cancels it' } }),
  'statement.lastEod': () => ({ body: {} }),
  'statement.generate': (w) => ({
    body: { accountId: w.accounts[0], period: 'DAILY', from: '2026-03-10', to: '2026-03-10' },
  }),
  'statement.status': async (w) => ({ body: { statementId: await w.newStatement() } }),
  'statement.download': async (w) => ({ body: { statementId: await w.newStatement() } }),
  'statement.send': async (w) => ({ body: { statementId: await w.newStatement() } }),
  'statement.list': () => ({ body: {} }),
  'statement.emailPreference': () => ({ body: { optIn: true } }),
  'eod.run': () => ({ body: { businessDate: '2026-03-11' } }),
  'eod.runs': () => ({ body: {} }),
  'requests.policies': () => ({ body: {} }),
  'limits.list': () => ({ body: {} }),
  // A fresh maximum each call: the same change pending twice is refused (409).
  'limits.update': () => ({
    body: { kind: 'CASH_ENTRY', asset: 'USD', maximum: `${1_000_000 + ++limitCalls}.00` },
  }),
  'requests.setPolicy': () => ({ body: { requestType: 'DEPOSIT', requiredApprovals: 2 } }),
  'requests.statusUpdate': async (w) => ({ body: { requestId: await w.newRequest(), status: 'APPROVED' } }),
  'wallet.list': () => ({ body: {} }),
  'bankInfo.list': () => ({ body: {} }),
  'requests.withdrawalFiat': async (w) => ({
    body: { accountId: w.accounts[0], bankInfoId: await w.newBank(), asset: 'GBP', amount: '1.00' },
  }),
  'requests.withdrawalCrypto': async (w) => ({
    body: { accountId: w.accounts[0], walletId: await w.newWallet(), asset: 'ETH', amount: '0.01' },
  }),
  'transfer.estimate': async (w) => ({
    body: { accountId: w.payout.account, bankInfoId: await w.payout.newBank(), asset: 'GBP', amount: '1.00' },
  }),
  'transfer.withdrawal': async (w) => ({
    body: { accountId: w.payout.account, bankInfoId: await w.payout.newBank(), asset: 'GBP', amount: '1.00' },
  }),
  'transfer.list': () => ({ body: {} }),
  'transfer.feesList': () => ({ body: {} }),
  'transfer.feesCreate': (w) => ({ body: { asset: 'GBP', ...feeTerms(), ...w.feeWindow() } }),
  'transfer.feesUpdate': async (w) => ({
    body: { id: await w.newFeeSchedule(), ...feeTerms(), ...w.feeWindow() },
  }),
  'transfer.feesDelete': async (w) => ({ body: { id: await w.newFeeSchedule() } }),
  'requests.depositFiat': (w) => ({ body: { accountId: w.accounts[0], asset: 'USD', amount: '5.00' } }),
  'requests.depositCrypto': (w) => ({
    body: {
      accountId: w.accounts[0],
      asset: 'ETH',
      amount: '1',
      network: 'ETH',
      transactionHash: `0x${'ab'.repeat(32)}`,
    },
  }),
  'requests.internalTransfer': (w) => ({
    body: { fromAccountId: w.accounts[0], toAccountId: w.accounts[1], asset: 'USD', amount: '1.00' },
  }),
  'requests.list': () => ({ body: {} }),
  'requests.pending': () => ({ body: {} }),
  'requests.inbox': () => ({ body: { kind: 'money', search: 'x', limit: 5 } }),
  'requests.view': async (w) => ({ body: { requestId: await w.newRequest() } }),
  'requests.uploadTransactionHash': async (w) => ({
    body: { requestId: await w.newMoneyRequest(true), transactionHash: `0x${'cd'.repeat(32)}` },
  }),
  'requests.uploadFileProof': async (w) => ({
    params: { id: await w.newMoneyRequest(false) },
    multipart: PDF_BYTES,
  }),
  'requests.fileProof': async (w) => {
    const id = await w.newMoneyRequest(false);
    const res = await w.admin.call({
      method: 'POST',
      url: `/api/requests/${id}/file-proof?entityId=${w.a}`,
      ...multipartBody([{ name: 'file', filename: 'p.pdf', type: 'application/pdf', data: PDF_BYTES }]),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return { body: { requestId: id } };
  },
  'ssiProfile.list': () => ({ body: {} }),
  'ssiProfile.walletList': () => ({ body: {} }),
  'ssiProfile.assign': async (w) => ({ body: { profileId: await w.newSsiProfile() } }),
  'ssiProfile.delete': async (w) => ({ body: { profileId: await w.newSsiProfile() } }),
  'bankInfo.create': () => ({ body: bank() }),
  'bankInfo.update': async (w) => ({ body: { bankInfoId: await w.newBank(), ...bank() } }),
  'bankInfo.whitelistCreate': () => ({ body: bank() }),
  'bankInfo.whitelistRemove': async (w) => ({ body: { bankInfoId: await w.newBank() } }),
  'bankInfo.requestRemoval': async (w) => ({ body: { bankInfoId: await w.newBank() } }),
  'wallet.create': () => ({ body: wallet() }),
  'wallet.whitelistCreate': () => ({ body: wallet() }),
  'wallet.search': () => ({ body: { query: '' } }),
  'wallet.update': async (w) => ({ body: { walletId: await w.newWallet(), friendlyName: 'Renamed' } }),
  'wallet.updateType': async (w) => ({
    body: { walletId: await w.newWallet(), walletType: 'Private Hardware Wallet' },
  }),
  'wallet.whitelistRemove': async (w) => ({ body: { walletId: await w.newWallet() } }),
  'wallet.requestRemoval': async (w) => ({ body: { walletId: await w.newWallet() } }),
  'wallet.workflows': () => ({ body: {} }),
  'vasps.create': () => ({ body: { name: uniqueName('VASP '), jurisdiction: 'GB' } }),
  'vasps.update': async (w) => ({
    body: { vaspId: await w.newVasp(), name: uniqueName('VASP '), jurisdiction: 'CH' },
  }),
  'vasps.delete': async (w) => ({ body: { vaspId: await w.newVasp() } }),
  'cashEntry.deposit': (w) => ({
    body: { accountId: w.clientAccounts[0], asset: 'USD', amount: '10.00', valueDate: '2026-11-20' },
  }),
  'cashEntry.withdrawal': (w) => ({
    body: { accountId: w.clientAccounts[0], asset: 'USD', amount: '1.00', valueDate: '2026-11-20' },
  }),
  'cashEntry.internalTransfer': (w) => ({
    body: {
      fromAccountId: w.clientAccounts[0],
      toAccountId: w.clientAccounts[1],
      asset: 'USD',
      amount: '1.00',
      valueDate: '2026-11-20',
    },
  }),
  'cashEntry.reverseDeposit': async (w) => ({
    body: { cashEntryId: await w.newCashEntry('DEPOSIT'), reason: 'booked twice' },
  }),
  'cashEntry.reverseWithdrawal': async (w) => ({
    body: { cashEntryId: await w.newCashEntry('WITHDRAWAL'), reason: 'booked twice' },
  }),
  'cashEntry.reverseInternalTransfer': async (w) => ({
    body: { cashEntryId: await w.newCashEntry('INTERNAL_TRANSFER'), reason: 'wrong account' },
  }),
};

const cfd = () => ({
  kind: 'CFD',
  symbol: uniqueName('W')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16),
  name: 'Walk index',
  underlying: 'An index',
  quote: 'USD',
  contractSize: '1',
  pricePrecision: 1,
  financingRateLong: '5',
  financingRateShort: '-2',
});
async function newCfd(w: World): Promise<number> {
  const res = await w.rootAdmin.post('/api/instruments/create', cfd());
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().id;
}
/** EUR/USD with a rate and a 1M swap point: enough to price a forward up to 1M. Its id. */
async function ensureEurUsd(w: World): Promise<number> {
  await w.rootAdmin.post('/api/instruments/create', { kind: 'FX', base: 'EUR', quote: 'USD' });
  await w.rootAdmin.put('/api/instruments/rates', { base: 'EUR', quote: 'USD', rate: '1.0842' });
  await w.rootAdmin.put('/api/fx-swap-rates', {
    base: 'EUR',
    quote: 'USD',
    points: [{ tenor: '1M', bid: '12.8', ask: '13.3' }],
  });
  const list = await w.rootAdmin.post('/api/instruments/list', { kind: 'FX', search: 'EUR/USD' });
  return list.json().items[0].id;
}
/** A small deliverable sale of EUR today on the first account of A's client (which holds EUR for it). */
async function tradeTerms(w: World) {
  return {
    accountId: w.clientAccounts[0],
    instrumentId: await ensureEurUsd(w),
    side: 'SELL',
    amount: '1.00',
  };
}
/** The sheet's EUR/USD touches `rate` and comes back: a recorded touch of a barrier there. */
async function touchEurUsd(w: World, rate: string) {
  for (const r of [rate, '1.0842']) {
    const res = await w.rootAdmin.put('/api/instruments/rates', { base: 'EUR', quote: 'USD', rate: r });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
}
/**
 * The option market for EUR/USD (as the walk's own samples set it): the house's model prices
 * a premium typed by staff against it.
 */
async function ensureOptionMarket(w: World) {
  for (const [path, body] of [
    ['volatilities', { base: 'EUR', quote: 'USD', points: [{ tenor: '1M', volatilityPct: '7.5' }] }],
    ['interest-rates', { currency: 'USD', ratePct: '4.25' }],
    ['interest-rates', { currency: 'EUR', ratePct: '2.5' }],
  ] as const) {
    const res = await w.rootAdmin.put(`/api/instruments/${path}`, body);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
}
/**
 * A short at-the-money EUR/USD call of A's client expiring in about a month (NY cut), its
 * premium received: 0.01 USD on 1 EUR, about the model's value (0.0101 at 7.5 % volatility).
 */
async function optionTerms(w: World, barrier?: Record<string, string>) {
  const { amount: _amount, ...terms } = await tradeTerms(w);
  await ensureOptionMarket(w);
  return {
    ...terms,
    optionType: 'CALL',
    notional: '1.00',
    strike: '1.0842',
    expiryDate: w.ahead.expiryDate,
    cut: 'NY',
    premium: '0.01',
    premiumCurrency: 'USD',
    ...(barrier ? { barrier } : {}),
  };
}
/**
 * A fresh option booked by A's staff. No model prices a barrier option: its typed premium is
 * booked off-market, when another staff member approves it.
 */
async function newOption(w: World, barrier?: Record<string, string>): Promise<number> {
  const terms = await optionTerms(w, barrier);
  const res = await w.admin.post(
    '/api/trades/bookManualDeliverableFxOptionTrade',
    barrier ? { ...terms, offMarket: true, reason: 'A barrier option: priced by the desk' } : terms,
    {
      headers: { 'idempotency-key': `walk-${crypto.randomUUID()}` },
    },
  );
  if (res.statusCode !== 200) throw new Error(res.body);
  const answer = res.json();
  return barrier ? w.approveOffMarket(answer.pendingRequest.id) : answer.trade.id;
}
let holidayDay = 0;
let limitCalls = 0;
/** A weekday of 2090 onwards not used before: each walk adds a holiday of its own. */
function freshWeekday(): string {
  for (;;) {
    const d = new Date(Date.UTC(2090, 0, 1 + holidayDay++));
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) return d.toISOString().slice(0, 10);
  }
}

/** Routes that take no input need no sample. */
/** A fee schedule's terms: 25 bps, a minimum of 0.50. */
const feeTerms = () => ({
  fixed: '0',
  bps: '25',
  minimum: '0.50',
  maximum: null,
  tierMode: 'NONE' as const,
  tiers: [],
});

export function sampleFor(e: Endpoint & { id: string }) {
  return SAMPLES[e.id] ?? (!e.body && !e.query ? () => ({}) : undefined);
}

const newUserBody = (w: World) => {
  const username = uniqueName('user.').replace(/[^A-Za-z0-9._-]/g, '');
  return {
    username,
    email: `${username}@example.com`,
    displayName: 'Walk User',
    homeEntityId: w.a,
    twoFactorRequired: true,
  };
};

async function newRole(w: World): Promise<number> {
  return (
    await w.admin.post('/api/roles/create', { name: uniqueName('role-'), permissions: ['account_view'] })
  ).json().id;
}
async function newGroup(w: World): Promise<number> {
  return (await w.admin.post('/api/groups/create', { name: uniqueName('group-') })).json().id;
}
async function newScope(w: World): Promise<number> {
  return (
    await w.admin.post('/api/permission-scopes/create', {
      groupId: await newGroup(w),
      entityId: w.a,
      scopeType: 'SELF',
    })
  ).json().id;
}
async function newDirect(w: World): Promise<number> {
  const body = {
    principal: { kind: 'user', id: await w.newUser() },
    entityId: w.a,
    permission: 'account_view',
    scopeType: 'SELF',
  };
  return (await w.admin.post('/api/direct-permissions/create', body)).json().id;
}

/** Sends the call with the acting entity placed where the contract row says it travels. */
/** `idempotencyKey: false` leaves out a money-moving row's Idempotency-Key. */
export function callOn(
  agent: Agent,
  e: Endpoint,
  entityId: number,
  sample: Sample,
  options: { idempotencyKey?: boolean } = {},
) {
  const where = entityLocationOf(e);
  const params: Record<string, number> = {};
  const body = { ...sample.body };
  const query = { ...sample.query };
  if (where.in === 'body') body[where.field] = entityId;
  if (where.in === 'query') query[where.field] = entityId;
  if (where.in === 'params') params[where.field] = entityId;
  Object.assign(params, sample.params);
  const path = toRoutePattern(e.path).replace(/:(\w+)/g, (_, k: string) => String(params[k] ?? entityId));
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return agent.call({
    method: e.method,
    url: `/api${path}${qs ? `?${qs}` : ''}`,
    ...(e.idempotent && options.idempotencyKey !== false
      ? { headers: { 'idempotency-key': `walk-${crypto.randomUUID()}` } }
      : {}),
    ...(sample.multipart
      ? multipartBody([
          { name: 'file', filename: 'proof.pdf', type: 'application/pdf', data: sample.multipart },
        ])
      : e.method === 'GET'
        ? {}
        : { payload: body }),
  });
}

export function implemented(t: TestContext) {
  return ENDPOINT_LIST.filter((e) => t.apiRoutes.has(endpointKey(e.method, e.path)) && e.access !== 'public');
}

/** Builds the world: entities, a user with every key on A, funded accounts, and the makers of fresh objects. */
export async function buildWorld(t: TestContext): Promise<World> {
  const w = {} as World;
  const root = await createEntity(t, uniqueName('Root '));
  w.root = root.id;
  w.a = (await createEntity(t, uniqueName('A '), root.id)).id;
  w.b = (await createEntity(t, uniqueName('B '), root.id)).id;
  const admin = await signedInUser(t, w.a);
  await grant(t, admin.user.id, w.a);
  w.admin = admin.agent;
  w.adminUsername = admin.user.username;
  const rootAdmin = await signedInUser(t, root.id);
  await grant(t, rootAdmin.user.id, root.id);
  w.rootAdmin = rootAdmin.agent;
  w.noKeys = (await signedInUser(t, w.a)).agent;
  const account = async (entityId = w.a) =>
    (
      await w.admin.post('/api/account/create', {
        entityId,
        accountType: 'MarginTrading',
        accountName: uniqueName('Trading '),
      })
    ).json().id;
  w.accounts = [await account(), await account()];
  const client = (await createEntity(t, uniqueName('A client '), w.a)).id;
  w.clientAccounts = [await account(client), await account(client)];
  /** The first EUR and USD business day `days` or more ahead of today. */
  const businessDayFrom = async (days: number) => {
    for (let d = plusDays(fxTradeDate(), days); ; d = plusDays(d, 1)) {
      const ok = await t.services.instruments.valueDates
        .validate({ base: 'EUR', quote: 'USD' }, d)
        .then(() => true)
        .catch(() => false);
      if (ok) return d;
    }
  };
  w.ahead = { farValueDate: await businessDayFrom(14), expiryDate: await businessDayFrom(30) };
  w.approveOffMarket = async (requestId) => {
    const res = await w.rootAdmin.post('/api/requests/status/update', { requestId, status: 'APPROVED' });
    if (res.statusCode !== 200) throw new Error(res.body);
    const [row] = (
      await t.database.db.execute<{ id: number }>(
        sql`select id from trades where type = 'FX_OPTION' order by id desc limit 1`,
      )
    ).rows;
    return row!.id;
  };
  w.pastCut = async (tradeId) => {
    await t.database.db.execute(
      sql`update fx_options set expires_at = now() - interval '1 minute' where trade_id = ${tradeId}`,
    );
  };
  // The house's staff above A's client and B (at the root, which does not trade): they type
  // the rates of the trades the walks act on.
  const desk = await staffAt(t, root.id);
  const maker = await signedInUser(t, w.a);
  const staff = actingAs(w.a, maker.user);
  const makerPrincipal = staff.principal;
  w.newWallet = async () =>
    (
      await t.services.wallets.createDirect(staff, {
        entityId: w.a,
        walletType: 'Unknown',
        ...wallet(),
      } as never)
    ).id;
  w.newVasp = async () =>
    (
      await t.services.wallets.vasps.create(staff, {
        name: uniqueName('VASP '),
        jurisdiction: 'DE',
        status: 'ACTIVE',
      })
    ).id;
  w.newSsiProfile = async () =>
    (
      await t.database.db.execute<{ id: number }>(
        sql`insert into ssi_profiles (name) values (${uniqueName('SSI ')}) returning id`,
      )
    ).rows[0]!.id;
  // A's own accounts are funded by platform staff above A (a historic deposit).
  const platformStaff = { principal: actingAs(root.id).principal, entityId: w.a };
  for (const [asset, amount] of [
    ['GBP', '500.00'],
    ['ETH', '10'],
    ['USD', '100.00'],
  ] as const) {
    await t.services.cash.deposit(platformStaff, `walk-fund-${asset}`, {
      entityId: w.a,
      accountId: w.accounts[0],
      asset,
      amount,
      valueDate: '2026-11-20',
    });
  }
  w.newMoneyRequest = async (approved) => {
    const wallet = await w.newWallet();
    const maker = { principal: makerPrincipal, entityId: w.a };
    const req = await t.services.moneyRequests.withdrawCrypto(maker, `walk-${crypto.randomUUID()}`, {
      entityId: w.a,
      accountId: w.accounts[0],
      walletId: wallet,
      asset: 'ETH',
      amount: '0.01',
    });
    if (approved)
      await w.admin.post('/api/requests/status/update', {
        entityId: w.a,
        requestId: req.id,
        status: 'APPROVED',
      });
    return req.id;
  };
  w.newBank = async () => (await t.services.bankInfo.createDirect(staff, { entityId: w.a, ...bank() })).id;
  w.newRequest = async () => {
    // A change to a bank account of its own: deciding it touches nothing another call uses.
    const bankInfoId = await w.newBank();
    return (
      await t.database.db.transaction((tx) =>
        t.services.requestEngine.submit(
          tx,
          { principal: makerPrincipal, entityId: w.a },
          'UPDATE BANK ACCOUNT',
          { bankInfoId, ...bank() },
        ),
      )
    ).id;
  };
  await w.admin.post(
    '/api/cashentry/deposit',
    {
      entityId: w.a,
      accountId: w.clientAccounts[0],
      asset: 'USD',
      amount: '100.00',
      valueDate: '2026-11-20',
    },
    { headers: { 'idempotency-key': 'walk-funding-1' } },
  );
  w.newCashEntry = async (type) => {
    const [from, to] = w.clientAccounts;
    const entry = { entityId: w.a, asset: 'USD', amount: '1.00', valueDate: '2026-11-20' };
    const key = `walk-${crypto.randomUUID()}`;
    const c = t.services.cash;
    const booked =
      type === 'DEPOSIT'
        ? await c.deposit(staff, key, { ...entry, accountId: to })
        : type === 'WITHDRAWAL'
          ? await c.withdrawal(staff, key, { ...entry, accountId: from })
          : await c.internalTransfer(staff, key, { ...entry, fromAccountId: from, toAccountId: to });
    return bookedEntry(booked).id;
  };
  // A's client trades: the walk books small EUR sales on its first account (and B's client too).
  await t.database.db.execute(
    sql`update entities set trading_enabled = true where id in (${client}, ${w.b})`,
  );
  await t.services.cash.deposit(platformStaff, 'walk-fund-trading', {
    entityId: w.a,
    accountId: w.clientAccounts[0],
    asset: 'EUR',
    amount: '1000.00',
    valueDate: '2026-11-20',
  });
  w.fundClient = async (asset, amount) => {
    await t.services.cash.deposit(platformStaff, `walk-${crypto.randomUUID()}`, {
      entityId: w.a,
      accountId: w.clientAccounts[0],
      asset,
      amount,
      valueDate: '2026-11-20',
    });
  };
  w.newTrade = async () =>
    asBooked(
      await t.services.trading.deliverable.bookAtRate(
        { principal: desk.principal, entityId: w.a },
        `walk-${crypto.randomUUID()}`,
        { ...(await tradeTerms(w)), side: 'SELL', rate: '1.0842' },
      ),
    ).trade.id;
  // A and its client manage allocation groups; an investor below the client holds accounts.
  const investor = (await createEntity(t, uniqueName('A investor '), client)).id;
  await t.database.db.execute(sql`update entities set attributes = array['Allocation Manager']
    where id in (${client}, ${w.b})`);
  await t.database.db.execute(
    sql`update entities set attributes = array['Allocation Investor'], trading_enabled = true where id = ${investor}`,
  );
  const investorAccounts = [await account(investor), await account(investor)];
  w.makeManager = async () => {
    await t.database.db.execute(
      sql`update entities set attributes = ${sql.param([...A_ATTRIBUTES])}::text[] where id = ${w.a}`,
    );
  };
  await w.makeManager();
  w.newAllocation = async (kind) => {
    const group = await w.admin.post('/api/entity/allocations/groups/create', {
      entityId: client,
      name: uniqueName('Group '),
      weighting: 'RATIO',
    });
    if (group.statusCode !== 200) throw new Error(group.body);
    const groupId = group.json().id as number;
    const added = await w.admin.post('/api/entity/allocations/investors/add', {
      entityId: client,
      groupId,
      accountId: investorAccounts[0],
      weight: '1',
    });
    if (added.statusCode !== 200) throw new Error(added.body);
    let tradeId = 0;
    if (kind === 'fx') tradeId = await w.newTrade();
    if (kind === 'cfd') {
      const { body } = await SAMPLES['trades.bookManualCfdTrade']!(w);
      const res = await w.admin.post('/api/trades/bookManualCfdTrade', body, {
        headers: { 'idempotency-key': `walk-${crypto.randomUUID()}` },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      tradeId = res.json().trade.id;
    }
    return {
      groupId,
      investorId: added.json().investors[0].id,
      spareAccountId: investorAccounts[1]!,
      tradeId,
    };
  };
  // Transfers pay out from a Transfer Receiver's account (section 6): one below A.
  const receiver = (await createEntity(t, uniqueName('A receiver '), w.a)).id;
  await t.database.db.execute(
    sql`update entities set attributes = array['Transfer Receiver'] where id = ${receiver}`,
  );
  w.payout = {
    account: await account(receiver),
    newBank: async () =>
      (
        await t.services.bankInfo.createDirect(actingAs(receiver, maker.user), {
          entityId: receiver,
          ...bank(),
        })
      ).id,
  };
  await t.services.cash.deposit(platformStaff, 'walk-fund-payout', {
    entityId: w.a,
    accountId: w.payout.account,
    asset: 'GBP',
    amount: '500.00',
    valueDate: '2026-11-20',
  });
  // Windows run backwards from 2090, so a schedule a walk leaves open to a late end (the
  // largest date a field takes) never overlaps a window handed out after it.
  let window = 0;
  w.feeWindow = () => {
    const day = (n: number) => new Date(Date.UTC(2090, 0, 1 - n)).toISOString().slice(0, 10);
    window += 2;
    return { effectiveFrom: day(window + 1), effectiveTo: day(window) };
  };
  w.newFeeSchedule = async () =>
    (
      await t.services.feeSchedules.create(staff, {
        ...feeTerms(),
        asset: 'GBP',
        network: null,
        ...w.feeWindow(),
      })
    ).id;
  w.newStatement = () => readyStatement(t, { principal: makerPrincipal, entityId: w.a }, w.accounts[0]);
  w.foreign = await foreignObjects(t, w, root.id, desk.principal);
  w.newUser = async () => (await w.admin.post('/api/user-management/create', newUserBody(w))).json().id;
  w.newKey = async () =>
    (
      await w.admin.post('/api/user-management/api-keys/create', {
        name: uniqueName('Key '),
        expiresOn: keyExpiry(),
      })
    ).json().apiKey.id;
  w.newTemplate = async () =>
    (
      await w.admin.post('/api/user-management/templates/create', {
        name: uniqueName('Template '),
        homeEntityId: w.a,
      })
    ).json().id;
  w.newSsoLink = async () =>
    (
      await w.admin.post('/api/sso/create', {
        userId: await w.newUser(),
        issuer: 'https://idp.example.com',
        subject: uniqueName('sub-'),
      })
    ).json().id;
  w.newNotification = async () => {
    const row = (
      await t.database.db.execute<{ id: string }>(sql`
      insert into notifications (recipient_kind, recipient_id, title, message)
      values ('user', ${admin.user.id}, 'Walk', 'A notice to read') returning id`)
    ).rows[0]!;
    return Number(row.id);
  };
  return w;
}

/** A fresh entity below A (what a freeze walk acts on, so A itself is never frozen). */
async function newChild(w: World): Promise<number> {
  const res = await w.admin.post('/api/entity/create', {
    entityId: w.a,
    parentId: w.a,
    entityName: uniqueName('Child '),
  });
  return res.json().entityId as number;
}

/** A fresh template of A's, opening one account. */
async function newTemplate(w: World): Promise<number> {
  const res = await w.admin.post('/api/template/create', {
    entityId: w.a,
    name: uniqueName('Template '),
    accounts: [{ accountType: 'MarginTrading', accountName: 'Trading USD', currencyId: 'USD' }],
  });
  return res.json().id as number;
}

/** The objects of entity B, one per kind, made by B's own staff or by platform staff above it. */
async function foreignObjects(
  t: TestContext,
  w: World,
  root: number,
  desk: ReturnType<typeof actingAs>['principal'],
): Promise<World['foreign']> {
  const bStaff = actingAs(w.b, (await signedInUser(t, w.b)).user);
  const platformStaff = { principal: actingAs(root).principal, entityId: w.b };
  const account = (
    await w.rootAdmin.post('/api/account/create', {
      entityId: w.b,
      accountType: 'MarginTrading',
      accountName: uniqueName('B trading '),
    })
  ).json().id as number;
  const bankOfB = async () =>
    (await t.services.bankInfo.createDirect(bStaff, { entityId: w.b, ...bank() })).id;
  const bAdmin = await signedInUser(t, w.b);
  await grant(t, bAdmin.user.id, w.b);
  return {
    user: async () => bAdmin.user.id,
    apiKey: async () =>
      (
        await bAdmin.agent.post('/api/user-management/api-keys/create', {
          name: uniqueName('B key '),
          expiresOn: keyExpiry(),
        })
      ).json().apiKey.id,
    entity: async () => w.b,
    entityFromAbove: async () => w.b,
    // B's own rights objects: a group, a role and a user template made there.
    group: async () =>
      (await bAdmin.agent.post('/api/groups/create', { entityId: w.b, name: uniqueName('B group ') })).json()
        .id as number,
    role: async () =>
      (
        await bAdmin.agent.post('/api/roles/create', {
          entityId: w.b,
          name: uniqueName('B role '),
          permissions: ['account_view'],
        })
      ).json().id as number,
    userTemplate: async () =>
      (
        await bAdmin.agent.post('/api/user-management/templates/create', {
          entityId: w.b,
          name: uniqueName('B user template '),
          homeEntityId: w.b,
        })
      ).json().id as number,
    allocationGroup: async () =>
      (
        await bAdmin.agent.post('/api/entity/allocations/groups/create', {
          entityId: w.b,
          name: uniqueName('B group '),
          weighting: 'RATIO',
        })
      ).json().id as number,
    template: async () =>
      (
        await w.rootAdmin.post('/api/template/create', { entityId: w.b, name: uniqueName('B template ') })
      ).json().id as number,
    account: async () => account,
    wallet: async () =>
      (
        await t.services.wallets.createDirect(bStaff, {
          entityId: w.b,
          walletType: 'Unknown',
          ...wallet(),
        } as never)
      ).id,
    bankInfo: bankOfB,
    // B's own schedule, in a window no other takes.
    feeSchedule: async () =>
      (
        await t.services.feeSchedules.create(bStaff, {
          asset: 'GBP',
          network: null,
          fixed: '1.00',
          bps: '0',
          minimum: '0',
          maximum: null,
          tierMode: 'NONE',
          tiers: [],
          ...w.feeWindow(),
        })
      ).id,
    request: async () => {
      const bankInfoId = await bankOfB();
      return (
        await t.database.db.transaction((tx) =>
          t.services.requestEngine.submit(tx, bStaff, 'UPDATE BANK ACCOUNT', { bankInfoId, ...bank() }),
        )
      ).id;
    },
    cashEntry: async () =>
      bookedEntry(
        await t.services.cash.deposit(platformStaff, `walk-${crypto.randomUUID()}`, {
          entityId: w.b,
          accountId: account,
          asset: 'USD',
          amount: '1.00',
          valueDate: '2026-11-20',
        }),
      ).id,
    trade: async () => {
      await t.services.cash.deposit(platformStaff, `walk-${crypto.randomUUID()}`, {
        entityId: w.b,
        accountId: account,
        asset: 'EUR',
        amount: '1.00',
        valueDate: '2026-11-20',
      });
      const terms = { ...(await tradeTerms(w)), accountId: account, side: 'SELL' as const, rate: '1.0842' };
      return asBooked(
        await t.services.trading.deliverable.bookAtRate(
          { principal: desk, entityId: w.b },
          `walk-${crypto.randomUUID()}`,
          terms,
        ),
      ).trade.id;
    },
    statement: () => readyStatement(t, platformStaff, account),
    fileProof: async () => {
      const req = await t.services.moneyRequests.depositFiat(bStaff, `walk-${crypto.randomUUID()}`, {
        entityId: w.b,
        accountId: account,
        asset: 'USD',
        amount: '5.00',
      });
      await t.services.moneyRequests.attachProof(bStaff, req.id, PDF_BYTES);
      return req.id;
    },
  };
}

/** The sample with `field` naming `id` instead, wherever the sample carries it (else in the body). */
export function withObject(sample: Sample, field: string, id: number | string): Sample {
  if (sample.params && field in sample.params)
    return { ...sample, params: { ...sample.params, [field]: Number(id) } };
  if (sample.query && field in sample.query) return { ...sample, query: { ...sample.query, [field]: id } };
  return { ...sample, body: { ...sample.body, [field]: id } };
}

/** A statement of `accountId` generated as `who` and built at once. */
async function readyStatement(
  t: TestContext,
  who: Parameters<TestContext['services']['statements']['generate']>[0],
  accountId: number,
) {
  const s = await t.services.statements.generate(who, {
    accountId,
    includeBelow: false,
    period: 'CUSTOM',
    from: '2026-03-02',
    to: '2026-03-10',
    currencyView: 'ACCOUNT',
  });
  await t.services.statements.build(s.statementId);
  return s.statementId;
}
