import { type TRequestItem, ZRequestItem } from '@clearway/contracts/endpoints/requests.schemas';
import { STORED } from '@clearway/contracts/request-types/request-types.test-support';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { timelineOf } from './request-timeline';

const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`;
const by = (name: string) => ({ kind: 'user', id: name, name });
const NO_FACTS = {
  entityName: 'Northwind',
  accountName: 'Settlement',
  proof: null,
  transactionHash: null,
  postedAt: null,
};

/** A stored request as the API sends it (its payload checked by the contract's union). */
const item = (
  over: Omit<Partial<TRequestItem>, 'payload'> &
    Pick<TRequestItem, 'type' | 'status' | 'history'> & { payload: unknown },
) =>
  ZRequestItem.parse({
    id: 9,
    entityId: 2,
    requester: by('trader'),
    requiredApprovals: 1,
    approvals: [],
    createdAt: at(0),
    updatedAt: at(0),
    ...NO_FACTS,
    ...over,
  });

const steps = (r: TRequestItem) => timelineOf(r, i18n.t).map((e) => [e.label, e.by, e.detail ?? null]);

describe('a request’s timeline', () => {
  beforeAll(() => initI18n());

  it('reads a fiat deposit completed with its approval: requested, proof attached, approved, posted, completed', () => {
    const r = item({
      type: 'DEPOSIT',
      payload: STORED.DEPOSIT[0],
      status: 'COMPLETED',
      history: [
        { from: null, to: 'PENDING', by: by('trader'), reason: null, at: at(0) },
        { from: 'PENDING', to: 'APPROVED', by: by('checker'), reason: null, at: at(5) },
        { from: 'APPROVED', to: 'COMPLETED', by: by('checker'), reason: null, at: at(5) },
      ],
      proof: { mime: 'application/pdf', size: 900, uploadedBy: 'trader', at: at(1) },
      postedAt: at(5),
    });
    expect(steps(r)).toEqual([
      ['Requested', 'trader', null],
      ['Proof attached', 'trader', null],
      ['Approved', 'checker', null],
      ['Posted to the account', null, null],
      ['Completed', 'checker', null],
    ]);
  });

  it('reads each approval of a two-approver crypto withdrawal, its posting, and the transaction hash that completed it', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const r = item({
      type: 'WITHDRAWAL',
      payload: STORED.WITHDRAWAL[1],
      status: 'COMPLETED',
      requiredApprovals: 2,
      history: [
        { from: null, to: 'PENDING', by: by('trader'), reason: null, at: at(0) },
        { from: 'PENDING', to: 'PENDING', by: by('first'), reason: 'approval 1 of 2', at: at(2) },
        { from: 'PENDING', to: 'APPROVED', by: by('second'), reason: null, at: at(3) },
        { from: 'APPROVED', to: 'COMPLETED', by: by('ops'), reason: `transaction ${hash}`, at: at(9) },
      ],
      postedAt: at(3),
      transactionHash: { hash, addedBy: 'ops', at: at(9) },
    });
    expect(steps(r)).toEqual([
      ['Requested', 'trader', null],
      ['Approved (1 of 2)', 'first', null],
      ['Approved (2 of 2)', 'second', null],
      ['Posted to the account', null, null],
      ['Transaction hash added', 'ops', hash],
      ['Completed', 'ops', null],
    ]);
  });

  it('names the API key and the user it acts for when a key decided', () => {
    const key = { kind: 'apiKey', id: 'k1', name: 'ops-bot', onBehalfOf: { id: 'u1', name: 'Alex Admin' } };
    const r = item({
      type: 'DEPOSIT',
      payload: STORED.DEPOSIT[0],
      status: 'PENDING',
      requiredApprovals: 2,
      history: [
        { from: null, to: 'PENDING', by: by('trader'), reason: null, at: at(0) },
        { from: 'PENDING', to: 'PENDING', by: key, reason: 'approval 1 of 2', at: at(2) },
      ],
    });
    expect(steps(r)).toEqual([
      ['Requested', 'trader', null],
      ['Approved (1 of 2)', 'Key ‘ops-bot’ of Alex Admin', null],
    ]);
  });

  it('reads a rejection with the reason the requester was given', () => {
    const r = item({
      type: 'WALLET ADDRESS',
      payload: STORED['WALLET ADDRESS'][0],
      status: 'REJECTED',
      history: [
        { from: null, to: 'PENDING', by: by('trader'), reason: null, at: at(0) },
        { from: 'PENDING', to: 'REJECTED', by: by('checker'), reason: 'Address not verified', at: at(4) },
      ],
      accountName: null,
    });
    expect(steps(r)).toEqual([
      ['Requested', 'trader', null],
      ['Rejected', 'checker', 'Address not verified'],
    ]);
  });
});
