import { Alert, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Preview = {
  changes: {
    principal: { name: string; id: string };
    entityName: string;
    key: string;
    child: boolean;
    change: 'gain' | 'lose';
  }[];
  refused: string | null;
};

/** A change of rights before it is saved: who gains or loses which key where (the server's resolver). */
export function RightsPreview({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  if (preview.refused)
    return (
      <Alert color="red" title={t('rights.refused')}>
        {preview.refused}
      </Alert>
    );
  if (!preview.changes.length) return <Text c="dimmed">{t('rights.noChange')}</Text>;
  return (
    <Table aria-label={t('rights.previewTitle')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('rights.who')}</Table.Th>
          <Table.Th>{t('rights.change')}</Table.Th>
          <Table.Th>{t('rights.key')}</Table.Th>
          <Table.Th>{t('rights.where')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {preview.changes.map((c) => (
          <Table.Tr key={`${c.principal.id}-${c.entityName}-${c.key}-${c.child}`}>
            <Table.Td>{c.principal.name}</Table.Td>
            <Table.Td>
              <Badge color={c.change === 'gain' ? 'teal' : 'red'}>{t(`rights.${c.change}`)}</Badge>
            </Table.Td>
            <Table.Td ff="monospace">{c.key}</Table.Td>
            <Table.Td>{c.child ? t('rights.below', { name: c.entityName }) : c.entityName}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
