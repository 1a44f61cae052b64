import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { checkSchedule, emptySchedule, type FeeScheduleDraft } from './fee-schedule-draft';
import { checkTransfer, emptyTransfer, type TransferDraft } from './transfer-draft';

const TRANSFER_LABELS = {
  accountId: 'Account',
  asset: 'Asset',
  destinationId: 'Destination',
  amount: 'Amount',
  reference: 'Reference',
  memo: 'Memo',
};
const SCHEDULE_LABELS = {
  asset: 'Asset',
  network: 'Network',
  fixed: 'Fixed fee',
  bps: 'Percentage (basis points)',
  minimum: 'Minimum fee',
  maximum: 'Maximum fee',
  tiers: 'Tiers',
  effectiveFrom: 'Effective from',
};
const FIAT = ['EUR', 'USD'];
const transfer = (d: Partial<TransferDraft>) => ({ ...emptyTransfer(), ...d });
const schedule = (d: Partial<FeeScheduleDraft>) => ({ ...emptySchedule(), ...d });

beforeAll(() => {
  initI18n();
});

describe('a new transfer, checked with the contract’s schema', () => {
  it('names every missing field by its label, at once', () => {
    expect(checkTransfer(transfer({}), 4, { fiat: FIAT, labels: TRANSFER_LABELS }).errors).toEqual({
      accountId: 'Account is required',
      asset: 'Asset is required',
      destinationId: 'Destination is required',
      amount: 'Amount is required',
    });
  });

  it('sends a fiat asset to a bank account and a crypto asset to a wallet', () => {
    const fiat = checkTransfer(
      transfer({ accountId: '7', asset: 'EUR', destinationId: '3', amount: '100.00' }),
      4,
      { fiat: FIAT, scale: 2, labels: TRANSFER_LABELS },
    );
    expect(fiat.body).toMatchObject({ accountId: 7, asset: 'EUR', bankInfoId: 3, amount: '100.00' });
    const crypto = checkTransfer(
      transfer({ accountId: '7', asset: 'USDT', destinationId: '9', amount: '5' }),
      4,
      { fiat: FIAT, scale: 6, labels: TRANSFER_LABELS },
    );
    expect(crypto.body).toMatchObject({ walletId: 9 });
    expect(crypto.body).not.toHaveProperty('bankInfoId');
  });

  it('refuses more decimals than the asset has', () => {
    const { errors } = checkTransfer(
      transfer({ accountId: '7', asset: 'EUR', destinationId: '3', amount: '1.005' }),
      4,
      { fiat: FIAT, scale: 2, labels: TRANSFER_LABELS },
    );
    expect(errors).toEqual({ amount: 'at most 2 decimal places for this asset' });
  });
});

describe('a fee schedule, checked with the contract’s schema', () => {
  it('takes a percentage with a minimum', () => {
    const { body } = checkSchedule(
      schedule({ asset: 'EUR', bps: '25', minimum: '5.00' }),
      4,
      SCHEDULE_LABELS,
    );
    expect(body).toMatchObject({ asset: 'EUR', network: null, bps: '25', minimum: '5.00', maximum: null });
  });

  it('leaves the last tier open and shows a tier problem on the tiers', () => {
    const rising = checkSchedule(
      schedule({
        asset: 'USD',
        tierMode: 'GRADUATED',
        tiers: [
          { upTo: '10000', fixed: '0', bps: '100' },
          { upTo: 'ignored', fixed: '0', bps: '50' },
        ],
      }),
      4,
      SCHEDULE_LABELS,
    );
    expect(rising.body?.tiers).toEqual([
      { upTo: '10000', fixed: '0', bps: '100' },
      { upTo: null, fixed: '0', bps: '50' },
    ]);
    const falling = checkSchedule(
      schedule({
        asset: 'USD',
        tierMode: 'VOLUME',
        tiers: [
          { upTo: '500', fixed: '0', bps: '1' },
          { upTo: '100', fixed: '0', bps: '1' },
          { upTo: '', fixed: '0', bps: '1' },
        ],
      }),
      4,
      SCHEDULE_LABELS,
    );
    expect(falling.errors).toEqual({ tiers: 'tier bounds must rise' });
  });

  it('refuses a maximum below the minimum', () => {
    const { errors } = checkSchedule(
      schedule({ asset: 'EUR', minimum: '5', maximum: '1' }),
      4,
      SCHEDULE_LABELS,
    );
    expect(errors).toEqual({ maximum: 'must not be below the minimum' });
  });
});
