import { PERMISSION_GROUPS } from '@clearway/contracts/permissions';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';

/** The permission keys to pick from, grouped as section 6 lists the catalogue. */
export const PERMISSION_CHOICES = PERMISSION_GROUPS.map((g) => ({
  group: g.label,
  items: g.keys.map((k) => ({ value: k, label: k })),
}));

export function PermissionPicker(props: Omit<MultiSelectProps, 'data'>) {
  return <MultiSelect searchable {...props} data={PERMISSION_CHOICES} />;
}
