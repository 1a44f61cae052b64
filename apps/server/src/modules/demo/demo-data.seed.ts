import type { ScopeType } from '@clearway/contracts/authorization';
import type { EntityAttribute, RelationshipType } from '@clearway/contracts/enums';
import { PERMISSION_KEYS, type PermissionKey } from '@clearway/contracts/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import type { AuthorizationService } from '../authorization/authorization.service';
import { roles } from '../authorization/authorization.tables';
import { entities, relatedEntities } from '../entities/entities.tables';
import type { UsersService } from '../users/users.service';
import { userTemplates } from '../users/users.tables';

/** Demo sign-ins, listed in the README. Each starts with two-factor setup at first sign-in. */
export const DEMO_PASSWORD = 'Clearway-Demo-2026!';

type Node = {
  name: string;
  attributes?: EntityAttribute[];
  currency?: string;
  trading?: boolean;
  children?: Node[];
};

/** A realistic tree: a white-label broker with two desks and their clients, and partners. */
const TREE: Node = {
  name: 'Clearway Platform',
  currency: 'USD',
  children: [
    {
      name: 'Aurora Markets',
      attributes: ['WhiteLabel'],
      currency: 'USD',
      children: [
        {
          name: 'Aurora London Desk',
          attributes: ['Executing Broker'],
          currency: 'GBP',
          children: [
            { name: 'Northwind Capital', attributes: ['Margin', 'Customer'], currency: 'USD', trading: true },
            {
              name: 'Harbor Commodities',
              attributes: ['DELIVERABLE', 'Customer'],
              currency: 'EUR',
              trading: true,
            },
            { name: 'Meridian Payments', attributes: ['Transfer Receiver'], currency: 'EUR' },
            { name: 'Lumen Referral Partners', attributes: ['Referred Client'], currency: 'GBP' },
          ],
        },
        {
          name: 'Aurora Singapore Desk',
          attributes: ['Executing Broker'],
          currency: 'SGD',
          children: [
            {
              name: 'Cobalt Asset Management',
              attributes: ['Allocation Manager', 'Fund Manager'],
              currency: 'USD',
              trading: true,
              children: [
                // Allocated children are trades of the funds: they trade.
                {
                  name: 'Cobalt Fund I',
                  attributes: ['Allocation Investor'],
                  currency: 'USD',
                  trading: true,
                },
                {
                  name: 'Cobalt Fund II',
                  attributes: ['Allocation Investor'],
                  currency: 'USD',
                  trading: true,
                },
              ],
            },
          ],
        },
      ],
    },
    { name: 'First Meridian Bank', attributes: ['Bank'], currency: 'USD' },
    { name: 'Vaultline Custody', attributes: ['Custodian'], currency: 'CHF' },
    { name: 'Helix Liquidity', attributes: ['Liquidity Provider'], currency: 'USD' },
  ],
};

const ALL = [...PERMISSION_KEYS];
const REQUESTS: PermissionKey[] = ['request_withdrawal', 'request_deposit', 'request_whitelist'];
const APPROVALS: PermissionKey[] = ['approve_withdrawal', 'approve_deposit', 'approve_whitelist'];

/** The personas: who they are, where they sit, and the role they hold there. */
export const DEMO_PERSONAS: ReadonlyArray<{
  username: string;
  displayName: string;
  persona: string;
  home: string;
  role: string;
  keys: PermissionKey[];
  scope: ScopeType;
}> = [
  {
    username: 'admin',
    displayName: 'Avery Admin',
    persona: 'platform administrator',
    home: 'Clearway Platform',
    role: 'Platform Administrator',
    keys: ALL,
    scope: 'SELF_AND_DESCENDANTS',
  },
  {
    username: 'ops.maker',
    displayName: 'Morgan Maker',
    persona: 'broker operations (maker)',
    home: 'Aurora Markets',
    role: 'Broker Operations',
    keys: ['account_view', 'account_management', 'user_management', 'order_management', ...REQUESTS],
    scope: 'SELF_AND_DESCENDANTS',
  },
  {
    username: 'ops.checker',
    displayName: 'Casey Checker',
    persona: 'broker approver (checker)',
    home: 'Aurora Markets',
    role: 'Broker Approver',
    keys: ['account_view', ...APPROVALS],
    scope: 'SELF_AND_DESCENDANTS',
  },
  {
    username: 'trader',
    displayName: 'Taylor Trader',
    persona: 'client trader',
    home: 'Northwind Capital',
    role: 'Client Trader',
    keys: ['account_view', 'order_management', 'manual_trade_booking', ...REQUESTS],
    scope: 'SELF',
  },
  {
    username: 'viewer',
    displayName: 'Riley Reader',
    persona: 'client read-only',
    home: 'Northwind Capital',
    role: 'Client Read Only',
    keys: ['account_view'],
    scope: 'SELF',
  },
  {
    username: 'receiver',
    displayName: 'Jordan Receiver',
    persona: 'transfer receiver',
    home: 'Meridian Payments',
    role: 'Transfer Receiver',
    keys: ['account_view', 'request_withdrawal', 'request_whitelist', 'fees_management'],
    scope: 'SELF',
  },
  // Section 6 ties allocation groups to system_management.
  {
    username: 'allocator',
    displayName: 'Alex Allocator',
    persona: 'allocation manager',
    home: 'Cobalt Asset Management',
    role: 'Allocation Manager',
    keys: ['account_view', 'order_management', 'system_management'],
    scope: 'SELF_AND_DESCENDANTS',
  },
  // Compliance sets the broker's approval policies (how many approvers each request type
  // needs); approvers themselves cannot lower that bar.
  {
    username: 'compliance',
    displayName: 'Quinn Compliance',
    persona: 'broker compliance',
    home: 'Aurora Markets',
    role: 'Broker Compliance',
    keys: ['account_view', 'approve_whitelist', 'authorization_management'],
    scope: 'SELF_AND_DESCENDANTS',
  },
  // The broker's entity administrator: entities, templates (which open accounts and grant
  // groups), approval policies and freezes in the broker's subtree.
  {
    username: 'entities',
    displayName: 'Emery Entities',
    persona: 'broker entity administrator',
    home: 'Aurora Markets',
    role: 'Broker Entity Administrator',
    keys: [
      'account_view',
      'account_management',
      'account_config_view',
      'entity_template_management',
      'authorization_management',
      'approve_withdrawal',
      'system_management',
    ],
    scope: 'SELF_AND_DESCENDANTS',
  },
  // The broker's access administrator onboards client users (templates, invitations), issues
  // API keys and changes roles — never beyond the keys it holds itself.
  {
    username: 'access.admin',
    displayName: 'Sam Steward',
    persona: 'broker access administrator',
    home: 'Aurora Markets',
    role: 'Access Administrator',
    keys: [
      'account_view',
      'order_management',
      'user_management',
      'user_support',
      'authorization_management',
      'authentication_management',
    ],
    scope: 'SELF_AND_DESCENDANTS',
  },
  // The platform's treasury desk keeps the rate sheet that base-currency values use.
  {
    username: 'treasury',
    displayName: 'Taylor Treasury',
    persona: 'treasury (rate sheet)',
    home: 'Clearway Platform',
    role: 'Treasury',
    keys: ['account_view', 'instrument_management'],
    scope: 'SELF_AND_DESCENDANTS',
  },
];

/** Related entities (from, to, type): Harbor pays its introducing agent's commissions. */
const DEMO_RELATIONS: [string, string, RelationshipType][] = [
  ['Harbor Commodities', 'Lumen Referral Partners', 'Agent'],
];

async function ensureNode(tx: DbOrTx, node: Node, parentId: number | null, ids: Map<string, number>) {
  const where =
    parentId === null
      ? and(eq(entities.name, node.name), isNull(entities.parentId))
      : and(eq(entities.name, node.name), eq(entities.parentId, parentId));
  let [row] = await tx.select({ id: entities.id }).from(entities).where(where);
  row ??= (
    await tx
      .insert(entities)
      .values({
        name: node.name,
        parentId,
        attributes: node.attributes ?? [],
        currencyCode: node.currency ?? null,
        tradingEnabled: node.trading ?? false,
      })
      .returning({ id: entities.id })
  )[0];
  ids.set(node.name, row!.id);
  for (const child of node.children ?? []) await ensureNode(tx, child, row!.id, ids);
}

/** Loads the demo tree, roles, groups and personas; running it again changes nothing. */
export async function seedDemoData(
  db: Db,
  users: UsersService,
  authorization: AuthorizationService,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    await ensureNode(tx, TREE, null, ids);
    await tx
      .insert(relatedEntities)
      .values(
        DEMO_RELATIONS.map(([from, to, relationshipType]) => ({
          entityId: ids.get(from)!,
          relatedEntityId: ids.get(to)!,
          relationshipType,
        })),
      )
      .onConflictDoNothing();
    for (const p of DEMO_PERSONAS) {
      const homeEntityId = ids.get(p.home)!;
      const user =
        (await users.findByUsername(p.username)) ??
        (await users.createUser(
          {
            username: p.username,
            displayName: p.displayName,
            email: `${p.username}@clearway.example`,
            homeEntityId,
            password: DEMO_PASSWORD,
            twoFactorRequired: true,
          },
          tx,
        ));
      await authorization.seedGroup(tx, {
        role: p.role,
        keys: p.keys,
        group: `${p.role} — ${p.home}`,
        entityId: homeEntityId,
        scope: p.scope,
        members: [{ kind: 'user', id: user.id }],
      });
    }
    // A user template for the broker's read-only client users at Northwind Capital.
    const [readOnly] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, 'Client Read Only'));
    await tx
      .insert(userTemplates)
      .values({
        name: 'Northwind read-only user',
        homeEntityId: ids.get('Northwind Capital')!,
        roles: [{ roleId: readOnly!.id, scopeType: 'SELF' }],
        twoFactorRequired: true,
      })
      .onConflictDoNothing();
  });
}
