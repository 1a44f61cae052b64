import { describe, expect, it } from 'vitest';
import { BEHAVIOUR_ATTRIBUTES, entityTypeFlags } from './entity-flags';
import { ENTITY_ATTRIBUTES } from './enums';
import { MENU, menuLeaves } from './menu';

describe('the attributes the system behaves by (never disabled by staff)', () => {
  it('hold every attribute a section 6 entity-type flag reads', () => {
    const others = ENTITY_ATTRIBUTES.filter((a) => !(BEHAVIOUR_ATTRIBUTES as readonly string[]).includes(a));
    for (const a of others) expect(Object.values(entityTypeFlags([a])).some(Boolean), a).toBe(false);
    for (const a of BEHAVIOUR_ATTRIBUTES.filter(
      (x) => !['Allocation Manager', 'Referred Client'].includes(x),
    ))
      expect(Object.values(entityTypeFlags([a])).some(Boolean), a).toBe(true);
  });

  it('hold every attribute the menu gates an entry by', () => {
    const gating = menuLeaves(MENU).flatMap((m) => [
      ...(m.requiredAttributes ?? []),
      ...(m.restrictedAttributes ?? []),
      ...(m.requiredParentAttributes ?? []),
      ...(m.restrictedParentAttributes ?? []),
    ]);
    expect(gating.length).toBeGreaterThan(0);
    expect(gating.filter((a) => !(BEHAVIOUR_ATTRIBUTES as readonly string[]).includes(a))).toEqual([]);
  });
});
