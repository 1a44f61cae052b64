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
  template: 'Template',
  user: 'User',
  apiKey: 'API key',
  allocationGroup: 'Allocation group',
  feeSchedule: 'Transfer fee schedule',
  statement: 'Statement',
} as const;
export type ObjectKind = keyof typeof OBJECT_KINDS;

/**
 * The request fields that name objects, by field name (looked up in the path, then the
 * body, then the query string), and the kind of object each names; a field may hold one id
 * or a list of ids, and an absent field names nothing.
 */
export type ObjectFields = Readonly<Record<string, ObjectKind>>;
