/**
 * How a person reads a request body's field, by its key. A refusal names the field by its
 * key (`ibanCode: is not a valid IBAN`, `errors: { ibanCode: … }`) — the API's language; a
 * screen says "IBAN". Keys a form labels itself need no entry here; these are for what
 * reaches a person outside a form (a toast, a field the form does not show). A key not
 * listed reads as its words (`beneficiaryName` → "Beneficiary name"). Kept free of schemas:
 * the sign-in page loads it.
 */
const LABELS: Readonly<Record<string, string>> = {
  entityId: 'Entity',
  parentId: 'Parent entity',
  accountId: 'Account',
  fromAccountId: 'From account',
  toAccountId: 'To account',
  accountType: 'Account type',
  accountName: 'Account name',
  accountCode: 'Account code',
  ibanCode: 'IBAN',
  iban: 'IBAN',
  swiftCode: 'BIC / SWIFT',
  bic: 'BIC / SWIFT',
  currencyId: 'Currency',
  bankInfoId: 'Bank account',
  bankId: 'Bank',
  walletId: 'Wallet',
  walletType: 'Wallet type',
  tagMemo: 'Tag / memo',
  vaspId: 'VASP',
  lei: 'LEI',
  travelRuleId: 'Travel-rule id',
  requestId: 'Request',
  cashEntryId: 'Cash entry',
  valueDate: 'Value date',
  transactionHash: 'Transaction hash',
  digitalAssets: 'Digital assets',
  currentPassword: 'Current password',
  newPassword: 'New password',
  password: 'Password',
  token: 'Code',
  'Idempotency-Key': 'Idempotency key',
  pairId: 'Currency pair',
  instrumentId: 'Instrument',
  instrumentIds: 'Instruments',
  requiredApprovals: 'Approvers needed',
  file: 'File',
};

const ACRONYMS = new Set(['iban', 'bic', 'lei', 'url', 'vasp', 'pnl', 'fx', 'cfd', 'ssi', 'api', 'sso']);

/** `financingRateLong` → "Financing rate long"; a trailing `Id` is the thing itself (`pairId` → "Pair"). */
function words(key: string): string {
  const parts = key
    .replace(/Ids?$/, (m) => (m === 'Ids' ? 's' : ''))
    .split(/(?<=[a-z0-9])(?=[A-Z])|[_\s-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A field's label for a person, by its key or dotted path (`destination.iban` → "IBAN"). */
export function fieldLabel(path: string): string {
  const key = path.split('.').findLast((p) => !/^\d+$/.test(p)) ?? path;
  return LABELS[key] ?? words(key);
}

/** `ibanCode: …` — a message that starts by naming a field by its key (as the server words them). */
const KEYED = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*|Idempotency-Key): (.+)$/s;

/**
 * A server message as a person reads it: a leading field key becomes the field's label
 * (`ibanCode: is not a valid IBAN` → `IBAN: is not a valid IBAN`). `labels` are the form's
 * own, where the message comes back to one.
 */
export function readableMessage(message: string, labels: Readonly<Record<string, string>> = {}): string {
  const m = KEYED.exec(message);
  if (!m) return message;
  const [, key, rest] = m as unknown as [string, string, string];
  return `${labels[key] ?? fieldLabel(key)}: ${rest}`;
}
