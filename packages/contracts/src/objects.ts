/**
 * The kinds of objects a call names by id besides the entity it acts on. Each object
 * belongs to an entity; the access guard resolves every id a contract row declares to its
 * owning entity and applies the rule it applies to the acting entity (see `Endpoint.objects`).
 * A new kind is one line here (the name its 404 uses) and one line in the server module
 * that owns its table (how to find an object's owner).
 */
export const OBJECT_KINDS = {
  account: 'Account',
  request: 'Request',
  wallet: 'Wallet',
  bankInfo: 'Bank account',
  cashEntry: 'Cash entry',
  fileProof: 'File proof',
  trade: 'Trade',
  entity: 'Entity',
  /**
   * An entity acted on from above it (a freeze): it must be visible to the caller (else 404)
   * and the row's keys held at its parent, a strict ancestor (else 403) — keys held on the
   * entity alone never do, so its own users never act on it this way.
   */
  entityFromAbove: 'Entity',
  template: 'Template',
  user: 'User',
  apiKey: 'API key',
  allocationGroup: 'Allocation group',
  feeSchedule: 'Transfer fee schedule',
  statement: 'Statement',
  group: 'Group',
  role: 'Role',
  userTemplate: 'User template',
} as const;
export type ObjectKind = keyof typeof OBJECT_KINDS;

/** The kinds a principal reference (`{ kind, id }`) may name: who holds rights. */
export const PRINCIPAL_KINDS = ['user', 'apiKey'] as const satisfies readonly ObjectKind[];
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

/**
 * What a field names: objects of one kind; `'principal'`, principal references whose kind
 * travels in the value (`{ kind: 'user' | 'apiKey', id }`, one or a list); or principal ids
 * whose kind travels in a sibling field (`{ kindAt: 'principalKind' }`).
 */
export type ObjectField = ObjectKind | 'principal' | { readonly kindAt: string };

/**
 * The request fields that name objects, and what each names. A key is a field name (looked
 * up in the path, then the body, then the query string) or a dotted path into the body
 * (`roles.roleId`, `change.body.userIds`): every list met on the way is walked, so a path
 * reaches the ids in a list of objects. A field may hold one id or a list of ids; an absent
 * field names nothing. Every id named must name an object within the caller's reach, else
 * 404 — one naming nothing too, so a foreign id and an unknown one look alike.
 */
export type ObjectFields = Readonly<Record<string, ObjectField>>;

/** The kinds a field may name (a principal reference: a user or an API key). */
export const kindsOf = (f: ObjectField): readonly ObjectKind[] =>
  typeof f === 'string' ? (f === 'principal' ? PRINCIPAL_KINDS : [f]) : PRINCIPAL_KINDS;
