import type { MenuItem } from '@clearway/contracts/menu';
import { BankWalletsPanel } from '../features/whitelist/components/bank-wallets.panel';
import { DepositFundsPanel } from '../features/whitelist/components/deposit-funds.panel';
import { WalletsSearchPanel } from '../features/whitelist/components/wallets-search.panel';

/** What each panel menu entry (section 2: entries without a path) opens. */
export function PanelContent({ panel }: { panel: NonNullable<MenuItem['panel']> }) {
  switch (panel) {
    case 'bank-wallets':
      return <BankWalletsPanel />;
    case 'wallets-search':
      return <WalletsSearchPanel />;
    case 'deposit-funds':
      return <DepositFundsPanel />;
  }
}
