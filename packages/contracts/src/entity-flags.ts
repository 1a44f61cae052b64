import type { EntityAttribute } from './enums';

/**
 * The attributes the system's behaviour depends on: the section 6 entity-type flags below,
 * the menu's gating (Allocation Manager, Transfer Receiver, Referred Client) and the
 * margin and broker rules on the server. Staff may relabel them but never disable them.
 */
export const BEHAVIOUR_ATTRIBUTES = [
  'Agent',
  'Margin',
  'DELIVERABLE',
  'Executing Broker',
  'WhiteLabel',
  'GCE_Entity',
  'Custodian',
  'Liquidity Provider',
  'Bank',
  'Transfer Receiver',
  'Allocation Manager',
  'Referred Client',
] as const satisfies readonly EntityAttribute[];

/** Entity-type flags of section 6, derived from an entity's attributes. */
export function entityTypeFlags(attributes: readonly string[]) {
  const has = (a: EntityAttribute) => attributes.includes(a);
  const flags = {
    agent: has('Agent'),
    marginClient: has('Margin'),
    deliverableClient: has('DELIVERABLE'),
    executingBroker: has('Executing Broker'),
    whiteLabel: has('WhiteLabel'),
    gceEntity: has('GCE_Entity'),
    custodian: has('Custodian'),
    liquidityProvider: has('Liquidity Provider'),
    bank: has('Bank'),
    directClient: has('Transfer Receiver'),
  };
  const broker = flags.whiteLabel || flags.executingBroker;
  const shortRangeDate =
    flags.executingBroker || flags.bank || flags.custodian || flags.whiteLabel || flags.directClient;
  return { ...flags, broker, shortRangeDate };
}
export type EntityTypeFlags = ReturnType<typeof entityTypeFlags>;

/** Client user (section 1): at most 5 available entities, none with children. */
export const CLIENT_USER_MAX_ENTITIES = 5;

export function isClientUser(entities: ReadonlyArray<{ children?: readonly unknown[] }>): boolean {
  return (
    entities.length <= CLIENT_USER_MAX_ENTITIES && entities.every((e) => (e.children?.length ?? 0) === 0)
  );
}
