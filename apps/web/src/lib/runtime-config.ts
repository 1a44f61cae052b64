import type { Environment } from '@clearway/contracts/enums';
import { type DateWindow, DEFAULT_DATE_WINDOW, setDateWindow } from '@clearway/contracts/primitives';

/** The server's public configuration, embedded in index.html as inert JSON. */
export type RuntimeConfig = {
  productName: string;
  environment: Environment;
  publicUrl: string | null;
  idleTimeoutMs: number;
  idleExpirationTimeoutMs: number;
  forcedLogoutDisabled: boolean;
  twoFactorExpirySeconds: number;
  cashBalancesRefreshMs: number;
  entityListRefreshMs: number;
  /** 0: no polling. */
  sessionPollMs: number;
  apiFetchTimeoutMs: number;
  maxResponseSizeBytes: number;
  transferCryptoCurrencies: string[];
  transferFiatCurrencies: string[];
  authenticatorAppLinks: { name: string; url: string }[];
  /** The dates every date field accepts (DATE_WINDOW_START … DATE_WINDOW_END). */
  dateWindow: DateWindow;
  msEntraEnabled: boolean;
};

/** What the Vite dev server (no embedded config) runs with. */
const DEV_DEFAULTS: RuntimeConfig = {
  productName: 'Clearway',
  environment: 'dev',
  publicUrl: null,
  idleTimeoutMs: 15 * 60_000,
  idleExpirationTimeoutMs: 60_000,
  forcedLogoutDisabled: false,
  twoFactorExpirySeconds: 300,
  cashBalancesRefreshMs: 30_000,
  entityListRefreshMs: 300_000,
  sessionPollMs: 0,
  apiFetchTimeoutMs: 30_000,
  maxResponseSizeBytes: 64 * 1024 * 1024,
  transferCryptoCurrencies: ['BTC', 'ETH', 'USDT', 'USDC'],
  transferFiatCurrencies: ['USD', 'EUR', 'GBP', 'CHF'],
  authenticatorAppLinks: [],
  dateWindow: DEFAULT_DATE_WINDOW,
  msEntraEnabled: false,
};

function readEmbedded(): Partial<RuntimeConfig> {
  if (typeof document === 'undefined') return {};
  const el = document.getElementById('clearway-config');
  if (!el?.textContent) return {};
  try {
    return JSON.parse(el.textContent) as Partial<RuntimeConfig>;
  } catch {
    return {};
  }
}

export const runtimeConfig: RuntimeConfig = { ...DEV_DEFAULTS, ...readEmbedded() };
// The contracts' date fields validate against the server's window here too.
setDateWindow(runtimeConfig.dateWindow);
