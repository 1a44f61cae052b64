import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIST } from './endpoint-table';
import { fieldLabel, readableMessage } from './field-labels';
import { schemaLeaves } from './schema-fields';

describe('field labels: a person reads a field by its label, never its key', () => {
  it('names the keys a refusal uses as a screen does', () => {
    expect(fieldLabel('ibanCode')).toBe('IBAN');
    expect(fieldLabel('walletType')).toBe('Wallet type');
    expect(fieldLabel('destination.iban')).toBe('IBAN');
    expect(fieldLabel('digitalAssets.0')).toBe('Digital assets');
  });

  it('reads a key it does not list as its words, an id as the thing itself', () => {
    expect(fieldLabel('financingRateLong')).toBe('Financing rate long');
    expect(fieldLabel('allocationGroupId')).toBe('Allocation group');
    expect(fieldLabel('scopeTypeIds')).toBe('Scope types');
  });

  it('labels every field of every request body in the endpoint table without a camelCase key', () => {
    const keys = new Set<string>();
    for (const e of ENDPOINT_LIST)
      for (const schema of [e.body, e.query])
        if (schema)
          for (const leaf of schemaLeaves(schema))
            for (const part of leaf.path) if (typeof part === 'string') keys.add(part);
    const raw = [...keys].filter((k) => /[a-z][A-Z]|^[a-z]/.test(fieldLabel(k)));
    expect(raw).toEqual([]);
  });

  it('turns a leading field key of a message into its label, and leaves other messages alone', () => {
    expect(readableMessage('ibanCode: is not a valid IBAN')).toBe('IBAN: is not a valid IBAN');
    expect(readableMessage('address: is not a valid Bitcoin address', { address: 'Wallet address' })).toBe(
      'Wallet address: is not a valid Bitcoin address',
    );
    expect(readableMessage('Insufficient funds')).toBe('Insufficient funds');
    expect(readableMessage('Try again: later')).toBe('Try again: later');
  });
});
