import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';

/** Where the money or the whitelisting goes (a policy change: the rule asked for), as an approver needs to see it; null for a deposit. */
export function destinationOf(r: TRequestView): string | null {
  const bank = (p: { bankName: string; iban?: string | null; accountNumber?: string | null }) =>
    [p.bankName, p.iban ?? p.accountNumber].filter(Boolean).join(' · ');
  const wallet = (p: { friendlyName: string; address: string }) => `${p.friendlyName} · ${p.address}`;
  switch (r.type) {
    case 'WITHDRAWAL':
      return r.payload.kind === 'fiat' ? bank(r.payload.destination) : wallet(r.payload.destination);
    case 'INTERNAL TRANSFER': {
      const p = r.payload;
      const account = p.toAccountName ?? `#${p.toAccountId}`;
      return p.toEntityName ? `${account} · ${p.toEntityName}` : account;
    }
    case 'DEPOSIT':
      return null;
    case 'BANK ACCOUNT':
    case 'UPDATE BANK ACCOUNT':
    case 'REMOVE BANK ACCOUNT':
      return bank(r.payload);
    case 'WALLET ADDRESS':
    case 'UPDATE WALLET':
    case 'REMOVE WALLET':
      return wallet(r.payload);
    case 'APPROVAL POLICY': {
      // What the approvers would be asked for: the type and its new number of approvers.
      const p = r.payload;
      return `${p.requestType}: ${p.requiredApprovals ?? 'inherited rule'}`;
    }
  }
}

/** The amount a money request moves, in its asset; null for whitelisting. */
export function amountOf(r: TRequestView): { amount: string; asset: string } | null {
  switch (r.type) {
    case 'DEPOSIT':
    case 'WITHDRAWAL':
    case 'INTERNAL TRANSFER':
      return { amount: r.payload.amount, asset: r.payload.asset };
    default:
      return null;
  }
}

/** The requester's own words for a money request: its reference (a transfer has its memo). */
export function referenceOf(r: TRequestView): string | null {
  switch (r.type) {
    case 'DEPOSIT':
    case 'WITHDRAWAL':
      return r.payload.reference ?? null;
    case 'INTERNAL TRANSFER':
      return r.payload.memo ?? null;
    default:
      return null;
  }
}

/** Whether the request moves money (its proof, posting and hash apply), or whitelists a destination. */
export const movesMoney = (r: Pick<TRequestView, 'type'>) =>
  r.type === 'DEPOSIT' || r.type === 'WITHDRAWAL' || r.type === 'INTERNAL TRANSFER';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `iso` was, in its largest whole unit ("3 hours ago"), as the user's language says it. */
export function ageOf(iso: string, now: number, locale?: string): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  return format.format(0, 'minute');
}
