import { ENDPOINT_LIST } from '@clearway/contracts/endpoint-table';
import { WALLET_TYPE_UNKNOWN } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/agent';
import {
  actingAs,
  createEntity,
  createUser,
  grant,
  randomEthAddress,
  signedInUser,
  uniqueName,
} from '../test/fixtures';
import { clientAccount, fund } from '../test/ledger-fixtures';
import { useTestApp } from '../test/test-app';

/** A page of this many rows … */
const PAGE = 100;
/** … costs at most this many statements, the access guard's included. */
const BUDGET = 10;

/** Where a list reads: a small entity (one row of everything) and a large one (PAGE rows). */
type Scope = { entityId: number; username: string; userId: string; base: string; quote: string };
type Case = {
  /** The contract row, as `ENDPOINT_LIST` names it. */
  row: string;
  call: (a: Agent, s: Scope) => Promise<LightMyRequestResponse>;
  /** Rows in the answer; omitted for lists of fixed reference data. */
  size?: (body: unknown) => number;
};

const arrayOf = (body: unknown) => (body as unknown[]).length;
type Node = { children: Node[] };
const nodesOf = (nodes: Node[]): number => nodes.reduce((n, node) => n + 1 + nodesOf(node.children), 0);
const itemsOf = (body: unknown) => (body as { items: unknown[] }).items.length;
const post = (path: string, body: (s: Scope) => object, size?: Case['size']) => ({
  call: (a: Agent, s: Scope) => a.post(`/api${path}`, body(s)),
  size,
});
const get = (path: string | ((s: Scope) => string), size?: Case['size']) => ({
  call: (a: Agent, s: Scope) => a.get(`/api${typeof path === 'string' ? path : path(s)}`),
  size,
});
const at = (s: Scope) => ({ entityId: s.entityId });

const CASES: Case[] = [
  { row: 'requests.list', ...post('/requests/list', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  { row: 'requests.pending', ...post('/requests/pending', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  { row: 'requests.inbox', ...post('/requests/inbox', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  { row: 'requests.policies', ...post('/requests/approval-policies', at) },
  // The ceilings in force: a few per asset and kind along the entity's line, not a page.
  { row: 'limits.list', ...post('/limits/list', at) },
  { row: 'wallet.workflows', ...post('/whitelist/workflows', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  { row: 'cashEntry.list', ...post('/cashentry/list', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  { row: 'cashEntry.currencies', ...get('/cashentry/currencies') },
  { row: 'cashEntry.childrenSummary', ...get((s) => `/cashentry/${s.entityId}/children/summary`, arrayOf) },
  { row: 'account.list', ...post('/account/list', at, arrayOf) },
  {
    row: 'account.balances',
    ...post('/account/balances', (s) => ({ ...at(s), allAccessible: true }), arrayOf),
  },
  {
    row: 'account.baseCurrency',
    ...post('/account/base-currency', (s) => ({ ...at(s), allAccessible: true })),
  },
  { row: 'account.balancesTowardClients', ...post('/account/balances-toward-clients', at) },
  { row: 'account.summary', ...post('/account/summary', at) },
  { row: 'account.summaryTowardClients', ...post('/account/summary-toward-clients', at) },
  { row: 'account.scolChildren', ...post('/account/scol/children', at, arrayOf) },
  // The broker's own accounts, the same PAGE whichever client asks.
  { row: 'account.scolBroker', ...post('/account/scol/broker', at, arrayOf) },
  { row: 'account.types', ...get('/account/types') },
  { row: 'bankInfo.list', ...post('/bank-info', at, arrayOf) },
  { row: 'wallet.list', ...post('/wallet', at, arrayOf) },
  { row: 'wallet.search', ...post('/wallet/search', (s) => ({ ...at(s), limit: PAGE }), arrayOf) },
  { row: 'wallet.blockchainNetworks', ...get('/whitelist/blockchain-networks') },
  {
    row: 'ssiProfile.list',
    ...post('/ssi-profile/list', at, (b) => (b as { bank: unknown[] }[])[0]!.bank.length),
  },
  { row: 'ssiProfile.walletList', ...post('/ssi-profile/wallet/list', at, arrayOf) },
  { row: 'entity.forest', ...get('/entity', (b) => nodesOf(b as Node[])) },
  { row: 'entity.list', ...post('/entity/list', (s) => ({ ...at(s), username: s.username }), arrayOf) },
  {
    row: 'entity.childList',
    call: (a, s) => a.post(`/api/entity/${s.entityId}/list`, { limit: PAGE }),
    size: itemsOf,
  },
  { row: 'entity.accounts', ...post('/entity/accounts', at, arrayOf) },
  { row: 'template.list', ...get((s) => `/template?entityId=${s.entityId}`, arrayOf) },
  { row: 'entity.linkedEntities', ...post('/entity/linked-entities', at, arrayOf) },
  { row: 'entity.relatedEntities', ...post('/entity/related-entities', at, arrayOf) },
  { row: 'entity.relatedEntitiesUpstream', ...post('/entity/related-entities-upstream', at, arrayOf) },
  { row: 'entity.parentEntities', ...get('/entity/parentEntities', arrayOf) },
  { row: 'entity.addressTypes', ...get('/entity/addressTypes') },
  { row: 'entity.attributes', ...get('/entity/attributes') },
  { row: 'entity.baseCurrencies', ...get('/entity/baseCurrencies') },
  { row: 'entity.conversionProfiles', ...get('/entity/conversionProfiles') },
  { row: 'entity.nameSources', ...get('/entity/nameSources') },
  { row: 'entity.countries', ...get('/entity/countries') },
  { row: 'entity.rollProfiles', ...get('/entity/rollProfiles') },
  { row: 'entity.addressTypesAll', ...get((s) => `/entity/addressTypes/all?entityId=${s.entityId}`) },
  { row: 'entity.nameSourcesAll', ...get((s) => `/entity/nameSources/all?entityId=${s.entityId}`) },
  { row: 'entity.attributesAll', ...get((s) => `/entity/attributes/all?entityId=${s.entityId}`) },
  { row: 'instruments.rates', ...post('/instruments/rates', at, arrayOf) },
  // A pair's recent changes: at most a fixed number (RATE_HISTORY_LIMIT) whatever is stored.
  {
    row: 'instruments.rateHistory',
    ...post('/instruments/rates/history', (s) => ({ ...at(s), base: s.base, quote: s.quote })),
  },
  // Instruments are the platform's: PAGE of them (and PAGE FX pairs with swap points).
  { row: 'instruments.list', ...post('/instruments/list', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  { row: 'instruments.currencies', ...get((s) => `/instruments/currencies?entityId=${s.entityId}`) },
  { row: 'instruments.fxSwapRates', ...post('/fx-swap-rates', at, arrayOf) },
  // The latest price of each of PAGE CFDs, each priced twice.
  { row: 'instruments.cfdPrices', ...post('/instruments/cfd/prices', at, arrayOf) },
  { row: 'instruments.marginRates', ...post('/instruments/margin-rates', at) },
  { row: 'instruments.calendars', ...post('/instruments/calendars', at) },
  // One calendar's year: as many holidays as the year has, whatever else is stored.
  {
    row: 'instruments.holidays',
    ...post('/instruments/holidays', (s) => ({ ...at(s), calendar: 'USD', year: 2026 })),
  },
  { row: 'entity.instruments', ...post('/entity/instruments', at, itemsOf) },
  { row: 'trades.list', ...post('/trades/list', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  // Allocation groups with an investor each and an allocated block with its child.
  { row: 'allocations.groupsList', ...post('/entity/allocations/groups/list', at, itemsOf) },
  { row: 'transfer.list', ...post('/transfer/list', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  { row: 'transfer.feesList', ...post('/transfer/fees/list', at, itemsOf) },
  // Statements of the scope's accounts: one in the small, PAGE in the large (names read with them).
  { row: 'statement.list', ...post('/statement/list', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  // The platform's end-of-day runs: PAGE of them.
  { row: 'eod.runs', ...post('/eod/runs', (s) => ({ ...at(s), limit: PAGE }), arrayOf) },
  { row: 'vasps.list', ...get('/vasps/list', arrayOf) },
  { row: 'authorization.groups', ...get('/groups', arrayOf) },
  { row: 'authorization.roles', ...get('/roles', arrayOf) },
  { row: 'authorization.permissions', ...get('/permissions') },
  { row: 'authorization.permissionScopes', ...get('/permission-scopes', arrayOf) },
  { row: 'authorization.permissionScopeTypes', ...get('/permission-scopes/types') },
  {
    row: 'userManagement.list',
    ...post('/user-management/', (s) => ({ ...at(s), limit: PAGE, withSso: true }), itemsOf),
  },
  { row: 'userManagement.listAll', ...post('/user-management/list', at, arrayOf) },
  { row: 'userManagement.templates', ...post('/user-management/templates', at, arrayOf) },
  {
    row: 'userManagement.effectiveAccess',
    ...post(
      '/user-management/effective-access',
      (s) => ({ ...at(s), principal: { kind: 'user', id: s.userId } }),
      arrayOf,
    ),
  },
  {
    row: 'userManagement.apiKeysList',
    ...get((s) => `/user-management/api-keys/list?entityId=${s.entityId}`, arrayOf),
  },
  { row: 'authorization.ssoList', ...get((s) => `/sso/list?entityId=${s.entityId}`, arrayOf) },
  { row: 'entity.celerUser', ...post('/entity/celer-user', at, arrayOf) },
  { row: 'audit.list', ...post('/audit/list', (s) => ({ ...at(s), limit: PAGE }), itemsOf) },
  // The caller's own notifications (not an entity's): staff hold more than PAGE of them.
  { row: 'platform.notificationList', ...post('/notifications/list', () => ({ limit: PAGE }), itemsOf) },
];

/** Rows whose answer is a list but which change something: their cost is their write's. */
const WRITES_ANSWERING_A_LIST = [
  'ssiProfile.assign',
  'entity.setInstruments',
  'instruments.setMarginRate',
  'instruments.setEntityMarginRate',
];

const unwrap = (s: unknown): { def?: { type?: string; in?: unknown }; shape?: Record<string, unknown> } => {
  const z = s as { def?: { type?: string; in?: unknown } };
  return z?.def?.type === 'pipe' ? unwrap(z.def.in) : (z as ReturnType<typeof unwrap>);
};
/** A row answers a list: an array, or a page `{ items: [...] }`. */
const answersAList = (response: unknown) => {
  const r = unwrap(response);
  return r?.def?.type === 'array' || unwrap(r?.shape?.items)?.def?.type === 'array';
};

describe('statements per list call: a page of 100 costs a small constant, whatever its size', () => {
  // The maintenance flag cached as in production, so it does not count against each call.
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0', MAINTENANCE_CACHE_MS: '60000' });
  let staff: Agent;
  let staffUser: { id: string; username: string };
  let broker = 0;
  const scopes = {} as { small: Scope; large: Scope };

  /** An entity below the broker with `n` of every kind of row a list shows. */
  async function scopeWith(n: number, requester: { id: string; username: string }): Promise<Scope> {
    const db = t.database.db;
    const entityId = (await createEntity(t, uniqueName(`Client x${n} `), broker)).id;
    await grant(t, requester.id, entityId, ['request_deposit', 'request_whitelist'], 'SELF');
    const children: number[] = [];
    for (let i = 0; i < n; i++) children.push((await createEntity(t, uniqueName(`Sub ${i} `), entityId)).id);
    // Accounts of the entity and of each entity below it, each holding USD.
    const own: number[] = [];
    for (let i = 0; i < n; i++) own.push(await clientAccount(db, entityId, `Own ${i}`));
    const below = await Promise.all(children.map((c) => clientAccount(db, c, 'Sub account')));
    for (const account of [...own, ...below]) await fund(db, account, 'USD', '1000.00');
    // Back-office bookings, money requests (a few decided) and whitelisting requests.
    const staffWho = actingAs(broker, { id: staffUser.id, username: staffUser.username });
    await Promise.all(
      own.map((accountId, i) =>
        t.services.cash.deposit(staffWho, `cash-${entityId}-${i}`, {
          entityId: broker,
          accountId,
          asset: 'USD',
          amount: '5.00',
          valueDate: '2026-01-15',
        }),
      ),
    );
    const who = actingAs(entityId, requester);
    // n pending deposits (and, in the large scope, a few more that were approved).
    const decided = n > 1 ? 5 : 0;
    for (let i = 0; i < n + decided; i++) {
      const r = await t.services.moneyRequests.depositFiat(who, `dep-${entityId}-${i}`, {
        entityId,
        accountId: own[i % n]!,
        asset: 'USD',
        amount: '1.00',
        reference: `deposit ${i}`,
      });
      if (i < decided) await t.services.requestEngine.move(staffWho, r.id, 'APPROVED', null);
    }
    for (let i = 0; i < n; i++)
      await t.services.wallets.request(who, {
        entityId,
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: `Requested ${i}`,
        digitalAssets: ['ETH'],
        walletType: WALLET_TYPE_UNKNOWN,
      });
    // Whitelisted destinations, settlement instructions and links to other entities.
    // The entity's own wallets (its list) and as many below it (what a search from it finds).
    for (const owner of [entityId, children[0]!])
      await db.execute(sql`
        insert into wallets (entity_id, friendly_name, network, address, digital_assets, usable_from)
        select ${owner}, 'Wallet ' || g, 'ETH', '0x' || lpad(to_hex(g), 40, '0'), '{ETH}', now()
        from generate_series(1, ${n}) g`);
    // Templates of the entity, each granting one group (their names are read with the list).
    await db.execute(sql`
      insert into entity_templates (owner_entity_id, name, accounts, grants)
      select ${entityId}, 'Template ' || g, '[{"accountType":"MarginTrading","accountName":"Trading","currencyId":"USD"}]'::jsonb,
             jsonb_build_array(jsonb_build_object('groupId', coalesce((select min(id) from groups), 1), 'scopeType', 'SELF'))
      from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into bank_accounts (entity_id, beneficiary_name, beneficiary_address, bank_name, account_number, bic, currency, usable_from)
      select ${entityId}, 'Beneficiary', '1 Main St', 'Bank ' || g, 'ACC' || g, 'NWBKGB2L', 'USD', now()
      from generate_series(1, ${n}) g`);
    // Transfers (the entity pays out as a Transfer Receiver) and fee schedule versions, n of each.
    await db.execute(sql`update entities set attributes = '{Transfer Receiver}' where id = ${entityId}`);
    const banks = (
      await db.execute<{ id: number }>(
        sql`select id from bank_accounts where entity_id = ${entityId} order by id`,
      )
    ).rows;
    for (let i = 0; i < n; i++)
      await t.services.transfers.withdraw(who, `transfer-${entityId}-${i}`, {
        entityId,
        accountId: own[i]!,
        asset: 'USD',
        amount: '1.00',
        bankInfoId: banks[i]!.id,
      });
    await db.execute(sql`
      insert into transfer_fee_schedules (entity_id, asset, fixed, bps, minimum, tier_mode, tiers, effective_from, effective_to, created_by)
      select ${entityId}, 'USD', 1, 0, 0, 'NONE', '[]'::jsonb, date '2030-01-01' + 2 * g, date '2030-01-01' + 2 * g + 1, 'staff'
        from generate_series(1, ${n}) g`);
    const addresses = Array.from({ length: n }, (_, i) => ({
      profileId: 0,
      asset: 'ETH',
      network: 'ETH',
      address: `0x${String(i).padStart(40, '0')}`,
    }));
    const bank = Array.from({ length: n }, (_, i) => ({
      profileId: 0,
      currency: 'USD',
      beneficiaryName: 'Clearway',
      bankName: `Bank ${i}`,
      accountNumber: `SSI${i}`,
      bic: 'NWBKGB2L',
    }));
    await t.services.ssi.seed(uniqueName('SSI '), entityId, bank, addresses);
    await db.execute(sql`
      insert into related_entities (entity_id, related_entity_id, relationship_type)
      select ${entityId}, c, 'Client'::relationship_type from unnest(${sql.param(children)}::int[]) c
      union all select c, ${entityId}, 'Agent'::relationship_type from unnest(${sql.param(children)}::int[]) c`);
    // A user of the entity and all below it, whose usable entities `entity/list` answers.
    const user = await createUser(t, { homeEntityId: entityId });
    await grant(t, user.id, entityId, ['account_view'], 'SELF_AND_DESCENDANTS');
    // Users of the entity, each with an API key, an SSO link and a template; audited changes;
    // and the user above granted a key on each entity below (effective access per entity).
    await db.execute(sql`
      with made as (
        insert into users (username, email, display_name, home_entity_id, password_hash)
        select 'u' || ${entityId} || '.' || g, 'u' || g || '@example.com', 'User ' || g, ${entityId}, 'x'
          from generate_series(1, ${n}) g returning id)
      insert into user_sso_links (user_id, issuer, subject) select id, 'https://idp.example.com', id::text from made`);
    await db.execute(sql`
      insert into api_keys (name, prefix, secret_hash, home_entity_id)
      select 'Key ' || g, 'p' || ${entityId} || 'x' || g, 'x', ${entityId} from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into trading_platform_users (user_id, entity_id, login_name)
      select id, ${entityId}, 'tp.' || username from users where home_entity_id = ${entityId}`);
    await db.execute(sql`
      insert into user_templates (name, home_entity_id) select 'Template ' || ${entityId} || '.' || g, ${entityId}
        from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into audit_events (actor_kind, actor_id, acting_entity_id, action, outcome)
      select 'user', ${staffUser.id}, ${entityId}, 'walk.action', 'success' from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into direct_permissions (principal_kind, principal_id, entity_id, permission, scope_type)
      select 'user', ${user.id}, c, 'account_view', 'SELF' from unnest(${sql.param(children)}::int[]) c`);
    return { entityId, username: user.username, userId: user.id, base: 'EUR', quote: 'USD' };
  }

  beforeAll(async () => {
    const db = t.database.db;
    const platform = (await createEntity(t, uniqueName('Platform '))).id;
    broker = (await createEntity(t, uniqueName('Broker '), platform)).id;
    await db.execute(sql`update entities set attributes = '{WhiteLabel}' where id = ${broker}`);
    const s = await signedInUser(t, platform);
    await grant(t, s.user.id, platform);
    staff = s.agent;
    staffUser = s.user;
    const requester = await createUser(t, { homeEntityId: broker });
    scopes.small = await scopeWith(1, requester);
    scopes.large = await scopeWith(PAGE, requester);
    for (let i = 0; i < PAGE; i++) await clientAccount(db, broker, `Broker house ${i}`);

    // What every tenant shares, PAGE of each: VASPs, rates and a pair's changes, roles,
    // groups with their roles and members, and the groups' bindings to entities.
    await db.execute(sql`
      insert into vasps (name, jurisdiction) select 'VASP ' || g, 'GB' from generate_series(1, ${PAGE}) g`);
    // PAGE more of each entity reference list (every code, kept by staff).
    for (const table of ['entity_address_types', 'entity_name_sources', 'entity_attributes'])
      await db.execute(sql`
        insert into ${sql.identifier(table)} (code, label) select 'Code ' || g, 'Label ' || g from generate_series(1, ${PAGE}) g`);
    await db.execute(sql`
      insert into fx_rates (base, quote, rate, bid, ask, as_of)
      select code, 'USD', 1.1, 1.09, 1.11, now() from currencies where code <> 'USD' order by code limit ${PAGE}`);
    for (let i = 0; i < 60; i++)
      await t.services.instruments.rates.set(actingAs(platform, staffUser), {
        base: 'EUR',
        quote: 'USD',
        rate: `1.${i + 10}`,
      });
    // PAGE CFDs, and PAGE FX pairs (among the currencies with a calendar) each with a curve.
    await db.execute(sql`
      insert into instruments (kind, symbol, name, quote_currency, price_precision, underlying, contract_size,
        financing_rate_long, financing_rate_short, settlement_lag)
      select 'CFD', 'CFD' || g, 'Index ' || g, 'USD', 1, 'Index ' || g, 1, 5, -2, 0 from generate_series(1, ${PAGE}) g`);
    await db.execute(sql`
      insert into cfd_prices (instrument_id, bid, mid, ask, set_by, as_of)
      select i.id, 99 + n, 100 + n, 101 + n, 'staff', now() - make_interval(hours => n)
        from instruments i, generate_series(0, 1) n where i.kind = 'CFD'`);
    const codes = [
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'CHF',
      'CAD',
      'AUD',
      'NZD',
      'SGD',
      'HKD',
      'NOK',
      'SEK',
      'DKK',
      'PLN',
      'CZK',
    ];
    const pairs = codes.flatMap((b, i) => codes.slice(i + 1).map((q) => [b, q] as const)).slice(0, PAGE);
    for (const [base, quote] of pairs)
      await db.execute(sql`
        with fx as (
          insert into instruments (kind, symbol, name, base_currency, quote_currency, price_precision, pip_size, spot_lag)
          values ('FX', ${`${base}/${quote}`}, ${`${base}/${quote}`}, ${base}, ${quote}, 5, 0.0001, 2) returning id)
        insert into fx_swap_points (instrument_id, tenor, bid, ask)
        select fx.id, t::fx_tenor, 1, 2 from fx, unnest(array['ON','TN','SN','1W','1M','3M','1Y']) t`);
    await db.execute(
      sql`update entities set trading_enabled = true where id in (${scopes.small.entityId}, ${scopes.large.entityId})`,
    );
    await db.execute(sql`
      insert into eod_runs (business_date, status, cutoff)
      select date '2020-01-01' + g, 'COMPLETED', now() from generate_series(1, ${PAGE}) g`);
    // Trades on each scope's accounts: one in the small, PAGE in the large.
    await db.execute(sql`
      insert into trades (ticket, type, status, side, entity_id, account_id, symbol, base_currency, quote_currency,
                          amount, rate, counter_amount, trade_date, value_date, booked_by)
      select 'T-list-' || s.id || '-' || g, 'DELIVERABLE_FX', 'PENDING', 'BUY', s.id,
             (select min(a.id) from accounts a where a.entity_id = s.id), 'EUR/USD', 'EUR', 'USD',
             1000, 1.1, 1100, '2026-03-05', '2026-03-09', 'staff'
        from (values (${scopes.small.entityId}::int, 1), (${scopes.large.entityId}::int, ${PAGE}::int)) s(id, n),
             generate_series(1, s.n) g`);
    await db.execute(sql`
      insert into statements (entity_id, account_id, period, from_date, to_date, currency_view, request_key, status)
      select s.id, (select min(a.id) from accounts a where a.entity_id = s.id), 'MONTHLY', '2026-01-01', '2026-01-31',
             'ACCOUNT', 'list-' || s.id || '-' || g, 'READY'
        from (values (${scopes.small.entityId}::int, 1), (${scopes.large.entityId}::int, ${PAGE}::int)) s(id, n),
             generate_series(1, s.n) g`);
    // Each scope allocates: one group per account below it, each with that account as its
    // investor and one of the scope's trades allocated to it (the child the same trade).
    const scopeIds = sql`(${scopes.small.entityId}, ${scopes.large.entityId})`;
    await db.execute(sql`
      insert into allocation_groups (entity_id, name, weighting, created_by)
      select a.owner, 'Group ' || a.id, 'RATIO', 'staff'
        from (select e.parent_id owner, a.id from accounts a join entities e on e.id = a.entity_id
               where e.parent_id in ${scopeIds}) a`);
    await db.execute(sql`
      insert into allocation_investors (group_id, entity_id, account_id, weight)
      select g.id, a.entity_id, a.id, 1 from allocation_groups g join accounts a on g.name = 'Group ' || a.id
       where g.entity_id in ${scopeIds}`);
    await db.execute(sql`
      insert into allocation_runs (group_id, block_trade_id, run, inputs, by)
      select g.id, t.id, 1, '{}'::jsonb, 'staff'
        from (select id, entity_id, row_number() over (partition by entity_id order by id) n
                from allocation_groups where entity_id in ${scopeIds}) g
        join (select id, entity_id, row_number() over (partition by entity_id order by id) n
                from trades where entity_id in ${scopeIds}) t on t.entity_id = g.entity_id and t.n = g.n`);
    await db.execute(sql`
      insert into allocation_children (run_id, investor_id, trade_id, weight, exact_amount, exact_counter_amount,
                                       amount_remainder, counter_remainder)
      select r.id, i.id, r.block_trade_id, 1, 1000, 1100, false, false
        from allocation_runs r join allocation_investors i on i.group_id = r.group_id
       where r.group_id in (select id from allocation_groups where entity_id in ${scopeIds})`);
    await db.execute(sql`
      insert into roles (name, permissions) select 'Role ' || g, '{account_view}' from generate_series(1, ${PAGE}) g`);
    await db.execute(sql`
      insert into groups (name) select 'Group ' || g from generate_series(1, ${PAGE}) g`);
    await db.execute(sql`
      insert into group_roles (group_id, role_id)
      select g.id, r.id from groups g join roles r on r.name = replace(g.name, 'Group', 'Role')`);
    await db.execute(sql`
      insert into group_members (group_id, principal_kind, principal_id)
      select id, 'user', ${requester.id} from groups where name like 'Group %'`);
    await db.execute(sql`
      insert into notifications (recipient_kind, recipient_id, title, message, link)
      select 'user', ${staffUser.id}, 'Notice ' || g, 'Stored', '/deposit-and-withdrawals/requests'
      from generate_series(1, ${PAGE}) g`);
    await db.execute(sql`
      insert into permission_scopes (group_id, entity_id, scope_type)
      select id, ${scopes.large.entityId}, 'SELF' from groups where name like 'Group %'`);
  }, 240_000);

  it('covers every list the contracts declare', () => {
    const lists = ENDPOINT_LIST.filter((e) => e.response && answersAList(e.response)).map((e) => e.id);
    const covered = [...CASES.map((c) => c.row), ...WRITES_ANSWERING_A_LIST];
    expect(lists.filter((id) => !covered.includes(id))).toEqual([]);
  });

  /** The statements one call sends, counted on the pool as they leave. */
  async function statementsOf(call: () => Promise<LightMyRequestResponse>) {
    const texts: string[] = [];
    const stop = t.database.onStatement((text) => texts.push(text.replace(/\s+/g, ' ').slice(0, 160)));
    try {
      const res = await call();
      return { res, texts };
    } finally {
      stop();
    }
  }

  it.each(CASES.map((c) => [c.row, c] as const))('%s', async (_row, c) => {
    // Warm: the first call of a kind may prepare statements or fill a cache.
    await c.call(staff, scopes.small);
    const small = await statementsOf(() => c.call(staff, scopes.small));
    const large = await statementsOf(() => c.call(staff, scopes.large));
    expect(large.res.statusCode, large.res.body).toBe(200);
    if (c.size) {
      expect(c.size(small.res.json())).toBeGreaterThanOrEqual(1);
      expect(c.size(large.res.json())).toBeGreaterThanOrEqual(PAGE);
    }
    const report = `${large.texts.length} statements:\n${large.texts.join('\n')}`;
    expect(large.texts.length, report).toBeLessThanOrEqual(BUDGET);
    // Set-based: a hundred rows cost what one row costs.
    expect(large.texts.length, report).toBeLessThanOrEqual(small.texts.length);
  });
});
