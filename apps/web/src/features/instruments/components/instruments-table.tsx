import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import { Badge, Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import type { InstrumentFilter } from '../api/instrument-keys';
import { InstrumentDetails } from './instrument-details';

type Sort = NonNullable<InstrumentFilter['sort']>;
type Props = {
  items: TInstrument[];
  sort: Sort;
  direction: 'asc' | 'desc';
  onSort: (sort: Sort) => void;
  /** The actions of a row (edit, disable) for staff who manage instruments. */
  actions?: (i: TInstrument) => ReactNode;
};

/** A column header that sorts the list by it; a second click reverses the order. */
function SortHeader({ label, by, props }: { label: string; by: Sort; props: Props }) {
  const active = props.sort === by;
  const Icon = !active ? IconSelector : props.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (props.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => props.onSort(by)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The catalogue: one row per instrument, sortable by symbol, kind, name and last change. */
export function InstrumentsTable(props: Props) {
  const { t } = useTranslation();
  return (
    <DataTable striped withTableBorder aria-label={t('pages.instruments')}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label={t('instruments.symbol')} by="symbol" props={props} />
          <SortHeader label={t('instruments.name')} by="name" props={props} />
          <SortHeader label={t('instruments.kind')} by="kind" props={props} />
          <Table.Th>{t('instruments.details')}</Table.Th>
          {/* Wide enough for the status badge, which would otherwise shrink to an ellipsis. */}
          <Table.Th w={110}>{t('instruments.status')}</Table.Th>
          <SortHeader label={t('instruments.updated')} by="updatedAt" props={props} />
          {props.actions && <Table.Th>{t('shell.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.items.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td ff="monospace">{i.symbol}</Table.Td>
            <Table.Td>{i.name}</Table.Td>
            <Table.Td>{t(`instruments.kinds.${i.kind}`)}</Table.Td>
            <Table.Td>
              <InstrumentDetails instrument={i} />
            </Table.Td>
            <Table.Td>
              {/* Filled: the theme's autoContrast picks a readable text colour (light teal is not AA). */}
              <Badge color={i.enabled ? 'teal' : 'gray'}>
                {t(i.enabled ? 'instruments.statuses.enabled' : 'instruments.statuses.disabled')}
              </Badge>
            </Table.Td>
            <Table.Td>
              {new Date(i.updatedAt).toLocaleString()}
              {i.updatedBy ? ` · ${i.updatedBy}` : ''}
            </Table.Td>
            {props.actions && (
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {props.actions(i)}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
