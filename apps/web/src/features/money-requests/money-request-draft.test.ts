import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { checkDraft, type DraftContext, emptyDraft, type MoneyRequestDraft } from './money-request-draft';

const LABELS = {
  accountId: 'Account',
  toAccountId: 'To account',
  asset: 'Asset',
  destinationId: 'Destination',
  network: 'Network',
  transactionHash: 'Transaction hash',
  amount: 'Amount',
};
const context = (c: Partial<DraftContext> = {}): DraftContext => ({
  labels: LABELS,
  exceedsMessage: (available) => `exceeds the available balance of ${available}`,
  ...c,
});
const draft = (d: Partial<MoneyRequestDraft>): MoneyRequestDraft => ({ ...emptyDraft(), ...d });

beforeAll(() => {
  initI18n();
});

describe('a money request draft, checked with its mode’s and kind’s contract schema', () => {
  it('names every missing field of a fiat withdrawal by the form’s label, at once', () => {
    expect(checkDraft('withdrawal', draft({}), 4, context()).errors).toEqual({
      accountId: 'Account is required',
      asset: 'Asset is required',
      amount: 'Amount is required',
      destinationId: 'Destination is required',
    });
  });

  it('checks a crypto deposit’s network and transaction hash', () => {
    const { errors } = checkDraft(
      'deposit',
      draft({ kind: 'crypto', accountId: '7', asset: 'BTC', amount: '1', transactionHash: 'abc' }),
      4,
      context(),
    );
    expect(errors).toEqual({
      network: 'Network is required',
      transactionHash: 'Transaction hash must be at least 10 characters',
    });
  });

  it('refuses more decimals than the asset has, and more than the account has available', () => {
    const d = draft({ accountId: '7', asset: 'USD', amount: '10.005', destinationId: '3' });
    expect(checkDraft('withdrawal', d, 4, context({ scale: 2 })).errors.amount).toMatch(/at most 2 decimal/);
    const over = { ...d, amount: '10.01' };
    expect(checkDraft('withdrawal', over, 4, context({ scale: 2, available: '10.00' })).errors).toEqual({
      amount: 'exceeds the available balance of 10.00',
    });
    // A deposit brings money in: no balance limits it.
    const deposit = draft({ accountId: '7', asset: 'USD', amount: '10.01' });
    expect(checkDraft('deposit', deposit, 4, context({ scale: 2, available: '10.00' })).errors).toEqual({});
  });

  it('makes the body of the row it goes to, the form’s fields under the row’s keys', () => {
    expect(
      checkDraft(
        'withdrawal',
        draft({
          kind: 'crypto',
          accountId: '7',
          asset: 'BTC',
          amount: '0.5',
          destinationId: '9',
          memo: ' m ',
        }),
        4,
        context({ scale: 8, available: '1' }),
      ).body,
    ).toEqual({
      call: 'withdrawalCrypto',
      body: { entityId: 4, accountId: 7, asset: 'BTC', amount: '0.5', walletId: 9, memo: 'm' },
    });
    expect(
      checkDraft(
        'transfer',
        draft({ accountId: '7', toAccountId: '8', asset: 'GBP', amount: '125.00', reference: 'ignored' }),
        4,
        context({ scale: 2, available: '500' }),
      ).body,
    ).toEqual({
      call: 'internalTransfer',
      body: { entityId: 4, fromAccountId: 7, toAccountId: 8, asset: 'GBP', amount: '125.00' },
    });
  });

  it('puts a transfer’s source account message on the Account field', () => {
    expect(checkDraft('transfer', draft({ toAccountId: '8' }), 4, context()).errors.accountId).toBe(
      'Account is required',
    );
  });
});
