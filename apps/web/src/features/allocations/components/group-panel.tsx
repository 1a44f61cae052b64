import { Money } from '@clearway/contracts/amounts';
import type { Capabilities } from '@clearway/contracts/capabilities';
import type {
  TAllocatedBlock,
  TAllocationGroup,
  TAllocationInvestor,
} from '@clearway/contracts/endpoints/allocations.schemas';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateTimeText } from '../../../components/date-time-text';
import { EMPTY_CELL, formatDecimal } from '../../../lib/format';
import { AllocationLines, decimalsIn, shownAmount } from './allocation-lines';
import { WeightsPie } from './weights-pie';

const STATUS_COLOR = { ACTIVE: 'teal', SUSPENDED: 'orange', CLOSED: 'gray' } as const;

type Actions = {
  onEdit: () => void;
  onDelete: () => void;
  onAddInvestor: () => void;
  onEditInvestor: (i: TAllocationInvestor) => void;
  onRemoveInvestor: (i: TAllocationInvestor) => void;
  onAllocate: () => void;
  onReprocess: (b: TAllocatedBlock) => void;
};

/**
 * One group: its status and weighting, its investors with their weights and shares (and a
 * pie of the split), and its allocated blocks with their children — each action shown only
 * with the capability it needs.
 */
export function GroupPanel({
  group,
  caps,
  actions,
}: {
  group: TAllocationGroup;
  caps: Partial<Capabilities>;
  actions: Actions;
}) {
  const { t } = useTranslation();
  const open = group.status !== 'CLOSED';
  const percentOff =
    group.weighting === 'PERCENT' && group.investors.length > 0 && !new Money(group.totalWeight).eq(100);
  const investorColumns: Column<TAllocationInvestor>[] = [
    {
      id: 'investor',
      header: t('allocations.investor'),
      value: (i) => i.entityName,
      cell: (i) => i.entityName,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'account',
      header: t('allocations.account'),
      value: (i) => i.accountName,
      cell: (i) => i.accountName,
    },
    {
      id: 'weight',
      header: t('allocations.weight'),
      value: (i) => i.weight,
      cell: (i) => `${i.weight}${group.weighting === 'PERCENT' ? ' %' : ''}`,
      sort: 'decimal',
      align: 'right',
    },
    {
      id: 'share',
      header: t('allocations.share'),
      value: (i) => i.share,
      // A share is a fraction: shown as a percentage, exact to the decimals it came with.
      cell: (i) =>
        `${formatDecimal(new Money(i.share).times(100).toString(), Math.max(0, decimalsIn(i.share) - 2))} %`,
      align: 'right',
    },
    {
      id: 'priority',
      header: t('allocations.priority'),
      value: (i) => i.priority ?? '',
      cell: (i) => i.priority ?? EMPTY_CELL,
      align: 'right',
    },
    {
      id: 'actions',
      header: t('allocations.actions'),
      fixed: true,
      csv: false,
      cell: (i) =>
        open && (
          <Group gap={4} wrap="nowrap">
            {caps.canUpdateAllocationInvestors && (
              <Button
                size="xs"
                variant="default"
                onClick={() => actions.onEditInvestor(i)}
                aria-label={t('allocations.editInvestor', { name: i.entityName })}
              >
                {t('allocations.editInvestorButton')}
              </Button>
            )}
            {caps.canRemoveAllocationInvestors && (
              <Button size="xs" variant="subtle" color="red" onClick={() => actions.onRemoveInvestor(i)}>
                {t('allocations.removeInvestor')}
              </Button>
            )}
          </Group>
        ),
    },
  ];
  const blockColumns: Column<TAllocatedBlock>[] = [
    {
      id: 'block',
      header: t('allocations.blockTrade'),
      value: (b) => b.block.id,
      cell: (b) => `#${b.block.id} ${b.block.symbol} · ${b.block.accountName}`,
      fixed: true,
    },
    {
      id: 'amount',
      header: t('allocations.amount'),
      value: (b) => b.block.amount,
      cell: (b) => `${shownAmount(b.block.amount)}${b.block.base ? ` ${b.block.base}` : ''}`,
      align: 'right',
      mono: true,
    },
    {
      id: 'counter',
      header: t('allocations.counterAmount'),
      value: (b) => b.block.counterAmount,
      cell: (b) => `${shownAmount(b.block.counterAmount)} ${b.block.quote}`,
      align: 'right',
      mono: true,
    },
    { id: 'run', header: t('allocations.run'), value: (b) => b.run, cell: (b) => b.run, align: 'right' },
    {
      id: 'at',
      header: t('allocations.allocatedAt'),
      value: (b) => b.allocatedAt,
      cell: (b) => <DateTimeText value={b.allocatedAt} />,
    },
    {
      id: 'actions',
      header: t('allocations.actions'),
      fixed: true,
      csv: false,
      cell: (b) =>
        group.status === 'ACTIVE' &&
        caps.canReprocessTradeAllocations && (
          <Button
            size="xs"
            variant="default"
            onClick={() => actions.onReprocess(b)}
            aria-label={t('allocations.reprocessOf', { id: b.block.id })}
          >
            {t('allocations.reprocess')}
          </Button>
        ),
    },
  ];

  return (
    <Paper withBorder p="md" component="section" aria-label={group.name}>
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3}>{group.name}</Title>
            <Badge color={STATUS_COLOR[group.status]}>{t(`allocations.statuses.${group.status}`)}</Badge>
            <Text size="sm" c="dimmed">
              {t(`allocations.weightings.${group.weighting}`)} · {group.entityName}
            </Text>
          </Group>
          <Group gap="xs">
            {open && caps.canUpdateAllocationGroupStatus && (
              <Button size="xs" variant="default" onClick={actions.onEdit}>
                {t('allocations.editGroup')}
              </Button>
            )}
            {caps.canDeleteAllocationGroup && (
              <Button size="xs" variant="subtle" color="red" onClick={actions.onDelete}>
                {t('allocations.deleteGroup')}
              </Button>
            )}
            {open && caps.canAddAllocationInvestors && (
              <Button size="xs" variant="default" onClick={actions.onAddInvestor}>
                {t('allocations.addInvestor')}
              </Button>
            )}
            {group.status === 'ACTIVE' && caps.canReprocessTradeAllocations && (
              <Button size="xs" onClick={actions.onAllocate}>
                {t('allocations.allocate')}
              </Button>
            )}
          </Group>
        </Group>
        {percentOff && (
          <Text size="sm" c="orange">
            {t('allocations.percentOff', { total: group.totalWeight })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 4 }}>
          <div style={{ gridColumn: 'span 3' }}>
            <Title order={4}>{t('allocations.investorsHeading')}</Title>
            <DataTable
              id="allocation-investors"
              label={t('allocations.investors', { name: group.name })}
              columns={investorColumns}
              rows={group.investors}
              rowKey={(i) => i.id}
              empty={{ title: t('allocations.noInvestors'), hint: t('allocations.noInvestorsHint') }}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {t('allocations.total', { total: group.totalWeight })}
            </Text>
          </div>
          <WeightsPie group={group} />
        </SimpleGrid>
        <Title order={4}>{t('allocations.blocksHeading')}</Title>
        <DataTable
          id="allocation-blocks"
          label={t('allocations.blocks', { name: group.name })}
          columns={blockColumns}
          rows={group.blocks}
          rowKey={(b) => b.block.id}
          empty={{ title: t('allocations.noAllocated'), hint: t('allocations.noAllocatedHint') }}
        />
        {group.blocks.map((b) => (
          <Stack key={b.block.id} gap="xs">
            <Title order={4}>{t('allocations.children', { id: b.block.id })}</Title>
            <AllocationLines
              id="allocation-children"
              label={t('allocations.children', { id: b.block.id })}
              lines={b.children}
              base={b.block.base}
              quote={b.block.quote}
            />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
