/**
 * The seam where the real trading platform (Celer in the spec) would be called. The portal
 * keeps its own record of each login and entity's properties and tells the platform of every
 * change inside the same transaction: a platform that refuses makes the change fail and
 * nothing is kept. A production adapter implements this over the platform's API.
 */
export type TradingPlatform = {
  upsertUser: (u: { loginName: string; status: 'active' | 'suspended'; accounts: string[] }) => Promise<void>;
  resetPassword: (loginName: string) => Promise<void>;
  setAccountProperties: (
    entityId: number,
    p: { leverage: number; tradingEnabled: boolean; allowedInstruments: string[] },
  ) => Promise<void>;
};

/** No external platform: the portal's own tables are the record (demo, tests, development). */
export const storedOnlyTradingPlatform: TradingPlatform = {
  upsertUser: async () => {},
  resetPassword: async () => {},
  setAccountProperties: async () => {},
};
