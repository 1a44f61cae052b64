import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, toCsv } from '../lib/format';
import { showErrorToast } from '../lib/toasts';

type Props = {
  fileName: string;
  header: string[];
  /** Every row the list's filters match (not only the page on screen). */
  rows: () => Promise<(string | number | null)[][]>;
  disabled?: boolean;
  /** What the button exports, for its accessible name when a page has more than one. */
  of?: string;
};

/** 'Export CSV': reads the rows (busy meanwhile), then downloads them as one file. */
export function ExportCsvButton({ fileName, header, rows, disabled, of }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadText(fileName, toCsv(header, await rows()));
    } catch (err) {
      showErrorToast(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      onClick={run}
      loading={busy}
      disabled={disabled}
      aria-label={of ? t('table.exportOf', { table: of }) : undefined}
    >
      {t('overview.exportCsv')}
    </Button>
  );
}
