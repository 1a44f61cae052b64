import { describe, expect, it } from 'vitest';
import { ZRequestView } from '../endpoints/requests.schemas';
import { REQUEST_TYPES, type RequestType } from '../enums';
import { schemaLeaves } from '../schema-fields';
import type { FieldLabel } from './request-type';
import { REQUEST_TYPE_DEFINITIONS, requestTypeOf } from './request-types';
import { STORED } from './request-types.test-support';

/** Each labelled path of a definition (`destination.bankName`), with the fields it names. */
function labelledPaths(fields: Readonly<Record<string, FieldLabel>>, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([k, f]) =>
    f.fields ? labelledPaths(f.fields, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const viewOf = (type: RequestType, payload: unknown) => ({
  id: 1,
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

describe('request type definitions', () => {
  it.each(REQUEST_TYPES)('%s has one definition, under its own type', (type) => {
    expect(REQUEST_TYPE_DEFINITIONS[type].type).toBe(type);
    expect(requestTypeOf(type)).toBe(REQUEST_TYPE_DEFINITIONS[type]);
    expect(Object.keys(REQUEST_TYPE_DEFINITIONS).sort()).toEqual([...REQUEST_TYPES].sort());
  });

  it('names the approve key of each type as the maker-checker rule has it', () => {
    const keys = Object.fromEntries(REQUEST_TYPES.map((t) => [t, requestTypeOf(t).approveKey]));
    expect(keys).toEqual({
      'BANK ACCOUNT': 'approve_whitelist',
      'WALLET ADDRESS': 'approve_whitelist',
      'REMOVE BANK ACCOUNT': 'approve_whitelist',
      'REMOVE WALLET': 'approve_whitelist',
      'UPDATE WALLET': 'approve_whitelist',
      'UPDATE BANK ACCOUNT': 'approve_whitelist',
      WITHDRAWAL: 'approve_withdrawal',
      'INTERNAL TRANSFER': 'approve_withdrawal',
      DEPOSIT: 'approve_deposit',
      'APPROVAL POLICY': 'authorization_management',
      // Decided by the house's dealing staff (the handlers check the approver is staff).
      'OFF MARKET TRADE': 'manual_trade_booking',
      'BARRIER EVENT': 'manual_trade_booking',
      'ENTITY MOVE': 'authorization_management',
      // Ceilings are set from above by system staff; a large entry is decided by a deposit approver.
      LIMIT: 'system_management',
      'LARGE CASH ENTRY': 'approve_deposit',
    });
  });

  it('reads the money types in the spec’s display case', () => {
    expect([
      requestTypeOf('WITHDRAWAL').label,
      requestTypeOf('DEPOSIT').label,
      requestTypeOf('INTERNAL TRANSFER').label,
    ]).toEqual(['Withdrawal', 'Deposit', 'Internal Transfer']);
  });

  it.each(REQUEST_TYPES)('%s labels every payload field, and only those', (type) => {
    const d = requestTypeOf(type);
    const schemaPaths = new Set(
      schemaLeaves(d.payload).map((l) =>
        l.path
          .filter((p) => typeof p === 'string')
          .join('.')
          .replace(/\.$/, ''),
      ),
    );
    expect(new Set(labelledPaths(d.fields))).toEqual(schemaPaths);
    for (const [key, f] of Object.entries(d.fields as Record<string, FieldLabel>)) {
      expect(f.label.trim(), key).not.toBe('');
      expect(f.label, `${type}.${key} is a label, not a key`).not.toBe(key);
      if (f.amountOf) expect(Object.keys(d.fields)).toContain(f.amountOf);
    }
  });

  it.each(REQUEST_TYPES)('%s reads back what is stored, in its view', (type) => {
    for (const payload of STORED[type]) {
      expect(requestTypeOf(type).payload.safeParse(payload).error).toBeUndefined();
      const view = ZRequestView.parse(viewOf(type, payload));
      expect(view.type).toBe(type);
      expect(view.payload).toMatchObject(payload);
    }
  });

  it('refuses a payload under another type’s view, an unknown field, and a missing one', () => {
    const deposit = STORED.DEPOSIT[0];
    expect(ZRequestView.safeParse(viewOf('WALLET ADDRESS', deposit)).success).toBe(false);
    expect(ZRequestView.safeParse(viewOf('DEPOSIT', { ...deposit, note: 'x' })).success).toBe(false);
    const { amount: _, ...noAmount } = STORED.DEPOSIT[0]!;
    expect(ZRequestView.safeParse(viewOf('DEPOSIT', noAmount)).success).toBe(false);
  });

  it('narrows a view’s payload by its type', () => {
    const view = ZRequestView.parse(viewOf('WITHDRAWAL', STORED.WITHDRAWAL[1]));
    // Compiles only because `type` narrows `payload` (and `kind` its destination).
    if (view.type === 'WITHDRAWAL' && view.payload.kind === 'crypto')
      expect(view.payload.destination.address).toBe(`0x${'1f'.repeat(20)}`);
    else expect.unreachable();
  });
});
