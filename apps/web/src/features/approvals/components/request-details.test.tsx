import { type TRequestView, ZRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { REQUEST_TYPES, type RequestType } from '@clearway/contracts/enums';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { STORED } from '@clearway/contracts/request-types/request-types.test-support';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetDisplay } from '../../../lib/format';
import { RequestDetails } from './request-details';

const viewOf = (type: RequestType, payload: unknown): TRequestView =>
  ZRequestView.parse({
    id: 41,
    type,
    entityId: 2,
    requester: { kind: 'user', id: 'u1', name: 'trader' },
    payload,
    status: 'PENDING',
    requiredApprovals: 1,
    approvals: [],
    history: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });

const ASSETS: Record<string, AssetDisplay> = {
  USD: { scale: 2, assetClass: 'FIAT' },
  ETH: { scale: 18, assetClass: 'CRYPTO' },
};
const show = (request: TRequestView) =>
  render(
    <MantineProvider>
      <RequestDetails request={request} assetOf={(asset) => ASSETS[asset]} />
    </MantineProvider>,
  ).container;

afterEach(cleanup);

/** A line of the details as it reads: its value sits in an isolate of its own (`<bdi>`). */
const reading = (text: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && el.textContent === text;

describe('request details', () => {
  it('shows a crypto withdrawal by its labels, enum values by their display labels, the amount at its asset’s display precision', () => {
    const shown = show(viewOf('WITHDRAWAL', STORED.WITHDRAWAL[1]));
    for (const line of [
      'Kind: Crypto',
      'Account: #12',
      'Asset: ETH',
      'Amount: 0.01 ETH',
      'Network: Ethereum (ERC-20)',
      'Destination:',
      'Wallet: #3',
      'Friendly name: Treasury',
      'Memo: payout',
    ])
      expect(screen.getAllByText(reading(line)).length, line).toBeGreaterThan(0);
    // A null tag is left out, not printed as "null".
    expect(shown.textContent).not.toMatch(/Destination tag|null/);
  });

  it('shows a wallet request’s type as the spec names it and its assets as a list', () => {
    show(viewOf('WALLET ADDRESS', STORED['WALLET ADDRESS'][0]));
    screen.getByText(reading('Wallet type: Unknown (to be set)'));
    screen.getByText(reading('Digital assets: BTC'));
    screen.getByText(reading('Network: Bitcoin'));
    screen.getByText(reading('Friendly name: Cold store'));
  });

  it('shows a name with a right-to-left override isolated, the override as its code point', () => {
    const stored = STORED.WITHDRAWAL[1]!;
    // Text stored before the contract refused direction controls.
    const request = {
      ...viewOf('WITHDRAWAL', stored),
      payload: { ...stored, destination: { ...stored.destination, friendlyName: 'invoice\u202egnp.exe' } },
    } as TRequestView;
    show(request);
    const name = screen.getByText(reading('Friendly name: invoice[U+202E]gnp.exe'));
    const value = name.querySelector('bdi');
    expect(value?.textContent).toBe('invoice[U+202E]gnp.exe');
    expect(name.textContent).not.toContain('\u202e');
  });

  it.each(REQUEST_TYPES)('shows every field of a %s request by its label, never by its key', (type) => {
    for (const payload of STORED[type]) {
      const shown = show(viewOf(type, payload));
      const given = new Map(Object.entries(payload));
      for (const [key, { label }] of Object.entries<{ label: string }>(requestTypeOf(type).fields)) {
        // A field the payload leaves out (or holds null, as an IBAN beside an account number) is not shown.
        if (given.get(key) != null) expect(shown.textContent).toContain(`${label}:`);
        // A key is never printed as a label; a label may hold a key's word ('Market price').
        expect(shown.textContent).not.toMatch(new RegExp(`(?<![A-Za-z ])${key}:`));
      }
      cleanup();
    }
  });
});
