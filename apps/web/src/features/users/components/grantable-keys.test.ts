import { describe, expect, it } from 'vitest';
import { grantableChoices, grantableKeys } from './grantable-keys';

describe('the keys an administrator is offered to grant', () => {
  const held = {
    permissions: ['authorization_management', 'account_view', 'order_management'],
    childPermissions: ['authorization_management', 'account_view', 'exposure_monitoring'],
  };

  it('offers for the entity itself only the keys held there', () => {
    expect(grantableKeys(held, 'SELF').sort()).toEqual(
      ['account_view', 'authorization_management', 'order_management'].sort(),
    );
  });

  it('offers for the entities below only the child keys, and for both only keys held on both', () => {
    expect(grantableKeys(held, 'DESCENDANTS')).not.toContain('order_management');
    expect(grantableKeys(held, 'SELF_AND_DESCENDANTS').sort()).toEqual(
      ['account_view', 'authorization_management'].sort(),
    );
  });

  it('offers nothing where the administrator does not manage authorization', () => {
    expect(
      grantableKeys({ permissions: ['account_view'], childPermissions: ['account_view'] }, 'SELF'),
    ).toEqual([]);
  });

  it('groups the offer as the catalogue does, leaving empty groups out', () => {
    const offered = grantableChoices(held, 'SELF').flatMap((g) => g.items.map((i) => i.value));
    expect(offered.sort()).toEqual(grantableKeys(held, 'SELF').sort());
    expect(grantableChoices(held, 'SELF').every((g) => g.items.length > 0)).toBe(true);
  });
});
