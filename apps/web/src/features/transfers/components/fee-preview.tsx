import type { TFeeSchedule } from '@clearway/contracts/endpoints/transfers.schemas';
import { computeFee } from '@clearway/contracts/transfer-fees';
import { Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { formatAmount } from '../../../lib/format';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';

const SAMPLES = '100, 1000, 10000, 100000';
type Row = { amount: string; fee: string; net: string; bound: string };

/**
 * The fee a schedule charges for sample amounts, computed by the very module the server
 * books with (`computeFee`, at the asset's scale), before anyone transfers.
 */
export function FeePreview({ schedules }: { schedules: TFeeSchedule[] }) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const [picked, setPicked] = useState<string | null>(null);
  const [samples, setSamples] = useState(SAMPLES);
  const schedule = schedules.find((s) => String(s.id) === picked) ?? schedules[0];
  const asset = schedule ? assetOf(schedule.asset) : undefined;
  const rows: Row[] =
    schedule && asset
      ? samples
          .split(/[,\s]+/)
          .filter((v) => /^\d+(\.\d+)?$/.test(v))
          .map((amount) => {
            const q = computeFee(schedule, amount, asset.scale);
            return {
              amount: formatAmount(amount, asset),
              fee: formatAmount(q.fee, asset),
              net: formatAmount(q.net, asset),
              bound: q.bound ? t(`transferFees.bound.${q.bound}`) : '',
            };
          })
      : [];
  const columns: Column<Row>[] = [
    {
      id: 'amount',
      header: t('transfers.amount'),
      value: (r) => r.amount,
      cell: (r) => r.amount,
      align: 'right',
      mono: true,
    },
    {
      id: 'fee',
      header: t('transfers.fee'),
      value: (r) => r.fee,
      cell: (r) => r.fee,
      align: 'right',
      mono: true,
    },
    {
      id: 'net',
      header: t('transfers.net'),
      value: (r) => r.net,
      cell: (r) => r.net,
      align: 'right',
      mono: true,
    },
    { id: 'bound', header: t('transferFees.boundHeader'), value: (r) => r.bound, cell: (r) => r.bound },
  ];
  return (
    <Stack gap="xs">
      <Select
        label={t('transferFees.previewSchedule')}
        value={schedule ? String(schedule.id) : null}
        onChange={setPicked}
        data={schedules.map((s) => ({
          value: String(s.id),
          label: `#${s.id} ${s.asset}${s.network ? ` (${s.network})` : ''} · ${s.description}`,
        }))}
      />
      <TextInput
        label={t('transferFees.sampleAmounts')}
        value={samples}
        onChange={(e) => setSamples(e.currentTarget.value)}
      />
      <DataTable
        id="transfer-fee-preview"
        label={t('transferFees.preview')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.amount}
        empty={{ title: t('transferFees.noPreview'), hint: t('transferFees.noPreviewHint') }}
      />
    </Stack>
  );
}
