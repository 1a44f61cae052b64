import type { Endpoint } from './endpoint';
import { auditEndpoints, authorizationEndpoints, userManagementEndpoints } from './endpoints/admin.endpoints';
import { allocationEndpoints } from './endpoints/allocations.endpoints';
import { authEndpoints } from './endpoints/auth.endpoints';
import { entityEndpoints, templateEndpoints } from './endpoints/entity.endpoints';
import { limitEndpoints } from './endpoints/limits.endpoints';
import {
  accountEndpoints,
  cashEntryEndpoints,
  requestEndpoints,
  transferEndpoints,
} from './endpoints/money.endpoints';
import { platformEndpoints } from './endpoints/platform.endpoints';
import {
  eodEndpoints,
  instrumentEndpoints,
  statementEndpoints,
  tradeEndpoints,
} from './endpoints/trading.endpoints';
import {
  bankInfoEndpoints,
  ssiProfileEndpoints,
  vaspEndpoints,
  walletEndpoints,
} from './endpoints/whitelist.endpoints';

/** Every call of spec section 7 (plus health/readiness), grouped as the spec groups them. */
export const API = {
  platform: platformEndpoints,
  auth: authEndpoints,
  account: accountEndpoints,
  bankInfo: bankInfoEndpoints,
  wallet: walletEndpoints,
  cashEntry: cashEntryEndpoints,
  requests: requestEndpoints,
  ssiProfile: ssiProfileEndpoints,
  entity: entityEndpoints,
  template: templateEndpoints,
  instruments: instrumentEndpoints,
  trades: tradeEndpoints,
  statement: statementEndpoints,
  eod: eodEndpoints,
  userManagement: userManagementEndpoints,
  authorization: authorizationEndpoints,
  allocations: allocationEndpoints,
  vasps: vaspEndpoints,
  transfer: transferEndpoints,
  audit: auditEndpoints,
  limits: limitEndpoints,
} as const;

export { API_BASE } from './endpoint';

/** The table as a flat list, each row with a stable id such as `account.balances`. */
export const ENDPOINT_LIST: ReadonlyArray<Endpoint & { id: string }> = Object.entries(API).flatMap(
  ([group, rows]) =>
    Object.entries(rows as Record<string, Endpoint>).map(([name, e]) => ({ ...e, id: `${group}.${name}` })),
);

export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
