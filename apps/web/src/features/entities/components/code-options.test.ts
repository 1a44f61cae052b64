import { describe, expect, it } from 'vitest';
import { codeOptions } from './code-options';

describe('the options of an entity reference picker', () => {
  const offered = [
    { code: 'Registered', name: 'Registered office' },
    { code: 'Mailing', name: 'Mailing' },
  ];

  it('offers the active codes under their labels', () => {
    expect(codeOptions(offered, [])).toEqual([
      { value: 'Registered', label: 'Registered office' },
      { value: 'Mailing', label: 'Mailing' },
    ]);
  });

  it('keeps a code the entity carries that is no longer offered (disabled), once', () => {
    expect(codeOptions(offered, ['Billing', 'Registered', 'Billing', ''])).toEqual([
      { value: 'Registered', label: 'Registered office' },
      { value: 'Mailing', label: 'Mailing' },
      { value: 'Billing', label: 'Billing' },
    ]);
  });

  it('shows the kept codes while the list is loading', () => {
    expect(codeOptions(undefined, ['Bank'])).toEqual([{ value: 'Bank', label: 'Bank' }]);
  });
});
