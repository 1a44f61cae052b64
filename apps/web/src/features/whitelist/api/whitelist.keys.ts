/** Whitelisted destinations, the requests that whitelist them, and the lists they are picked from. */
export const walletKeys = {
  all: ['wallets'] as const,
  entity: (entityId: number) => ['wallets', entityId] as const,
  search: (entityId: number, query: string) => ['wallet-search', entityId, query] as const,
  networks: ['networks'] as const,
};

export const bankInfoKeys = {
  all: ['bank-info'] as const,
  entity: (entityId: number) => ['bank-info', entityId] as const,
};

export const whitelistRequestKeys = {
  all: ['whitelist-requests'] as const,
  list: (entityId: number, status: string | null, page: { limit: number; offset: number }) =>
    ['whitelist-requests', entityId, status, page] as const,
};

export const vaspKeys = { all: ['vasps'] as const };

/** Where an entity's clients send money (its SSI profiles and deposit addresses). */
export const ssiKeys = {
  entity: (entityId: number) => ['ssi', entityId] as const,
  addresses: (entityId: number) => [...ssiKeys.entity(entityId), 'addresses'] as const,
};
