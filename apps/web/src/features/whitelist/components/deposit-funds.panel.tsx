import {
  ActionIcon,
  CopyButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, SectionTitle } from '../../../components/page-frame';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { depositAddressesQuery, ssiProfilesQuery } from '../api/whitelist.queries';

function Copyable({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed" w={110}>
        {label}
      </Text>
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('ssi.copied') : t('ssi.copy')}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('ssi.copy')} ${label}`}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** "Deposit Funds / SSIs": where the selected entity sends money, with copy buttons and QR codes. */
export function DepositFundsPanel() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const profiles = useQuery({ ...ssiProfilesQuery(id), enabled: id > 0 });
  const addresses = useQuery({ ...depositAddressesQuery(id), enabled: id > 0 });
  const profile = profiles.data?.[0];
  // Not "none" before the answer has come.
  if (profiles.isLoading || addresses.isLoading)
    return (
      <Stack role="status" aria-busy>
        <VisuallyHidden>{t('shell.loading', { what: t('panels.deposit-funds') })}</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={120} radius="md" aria-hidden />
        ))}
      </Stack>
    );
  if (!profile && !(addresses.data ?? []).length)
    return <EmptyState title={t('ssi.none')} hint={t('ssi.noneHint')} />;
  return (
    <Stack>
      {profile && (
        <Text size="sm" c="dimmed">
          {profile.name}
        </Text>
      )}
      <SectionTitle>{t('ssi.bank')}</SectionTitle>
      {profile?.bank.map((b) => (
        <Paper key={b.id} withBorder p="sm">
          <Text fw={600} mb={4}>
            {b.currency}
          </Text>
          <Copyable label={t('ssi.beneficiary')} value={b.beneficiaryName} />
          <Copyable label={t('ssi.bankName')} value={b.bankName} />
          <Copyable label="IBAN" value={b.iban} />
          <Copyable label={t('ssi.accountNumber')} value={b.accountNumber} />
          <Copyable label="BIC / SWIFT" value={b.bic} />
          <Copyable label={t('ssi.reference')} value={b.reference} />
        </Paper>
      ))}
      <SectionTitle>{t('ssi.crypto')}</SectionTitle>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(addresses.data ?? []).map((a) => (
          <Paper key={a.id} withBorder p="sm">
            <Group align="flex-start" wrap="nowrap">
              <Image src={a.qrCode} alt={t('ssi.qr', { asset: a.asset })} w={110} h={110} />
              <Stack gap={2}>
                <Text fw={600}>
                  {a.asset} · {a.network}
                </Text>
                <Copyable label={t('ssi.address')} value={a.address} />
                <Copyable label={t('ssi.tag')} value={a.tagMemo} />
              </Stack>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
