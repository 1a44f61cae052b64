import type { TRequestItem, TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Alert, Button, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/date-time-text';
import { EMPTY_CELL, formatAmount } from '../../../lib/format';
import { serverMessage } from '../../../lib/gateway';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { downloadProof } from '../../money-requests/api/proofs';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { useDecideRequest } from '../api/inbox.mutations';
import { requestQuery } from '../api/inbox.queries';
import { confirmApproval, confirmRejection } from './decision-dialogs';
import { RequestDetails } from './request-details';
import { RequestStatusBadge } from './request-status';
import { amountOf, destinationOf, isTrading, movesMoney, offMarketOf, referenceOf } from './request-summary';
import { RequestTimeline } from './request-timeline';
import { useRateOf, useTradingRows } from './trading-facts';

/** What approving does, as the approver is told before: a trading request books or applies at once. */
const approveTextOf = (type: TRequestView['type']) =>
  type === 'OFF MARKET TRADE'
    ? 'approvals.approveTradeText'
    : type === 'BARRIER EVENT'
      ? 'approvals.approveBarrierText'
      : 'approvals.approveText';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** "Withdrawal #12: 1,200.00 USD to Acme Bank · GB29…", what an approver confirms. */
export function useRequestSummary() {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const amountText = (r: TRequestView) => {
    const a = amountOf(r);
    if (!a) return null;
    return a.asset ? `${formatAmount(a.amount, assetOf(a.asset))} ${a.asset}` : formatAmount(a.amount);
  };
  /** `rate`: how an off-market request's prices read (`useRateOf`). */
  const summaryOf = (r: TRequestView, rate: (value: string) => string = (v) => v) => {
    const what = `${requestTypeOf(r.type).label} #${r.id}`;
    const trade = offMarketOf(r);
    // "Off-market Trade #12: Buy 1,000,000.00 EUR EUR/USD at 1.15000 (market 1.08500, 5.99 % off…)".
    if (trade)
      return `${what}: ${t('approvals.offMarketSummary', {
        ...trade,
        price: rate(trade.price),
        market: rate(trade.market),
        amount: amountText(r),
      })}`;
    const amount = amountText(r);
    const destination = destinationOf(r);
    return [what, [amount, destination && t('approvals.to', { destination })].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(': ');
  };
  return { amountText, summaryOf };
}

/** The facts an approver checks first, one per row. */
function Facts({ request: r, amount }: { request: TRequestItem; amount: string | null }) {
  const { t } = useTranslation();
  const trading = useTradingRows(r, amount);
  if (isTrading(r)) {
    const rows: [string, ReactNode][] = [
      [t('approvals.entity'), r.entityName],
      ...trading,
      [t('approvals.requester'), r.requester.name],
      [t('approvals.requestedAt'), <DateTimeText key="at" value={r.createdAt} />],
      [
        t('approvals.approvals'),
        t('approvals.givenOf', { given: r.approvals.length, needed: r.requiredApprovals }),
      ],
    ];
    return <FactTable rows={rows} />;
  }
  const rows: [string, ReactNode][] = [
    [t('approvals.entity'), r.entityName],
    ...(movesMoney(r)
      ? ([
          [t('approvals.account'), r.accountName ?? EMPTY_CELL],
          [t('approvals.amount'), amount ?? EMPTY_CELL],
          [t('approvals.reference'), referenceOf(r) ?? EMPTY_CELL],
        ] as [string, ReactNode][])
      : []),
    [t('approvals.destination'), destinationOf(r) ?? EMPTY_CELL],
    [t('approvals.requester'), r.requester.name],
    [t('approvals.requestedAt'), <DateTimeText key="at" value={r.createdAt} />],
    [
      t('approvals.approvals'),
      t('approvals.givenOf', { given: r.approvals.length, needed: r.requiredApprovals }),
    ],
  ];
  return <FactTable rows={rows} />;
}

function FactTable({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={150}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The request's one file proof: download it where it exists, say so where it does not. */
function Proof({ request: r }: { request: TRequestItem }) {
  const { t } = useTranslation();
  if (!r.proof) return <Text size="sm">{t('approvals.noProof')}</Text>;
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">
        {t('approvals.proofOf', {
          type: r.proof.mime.split('/')[1]?.toUpperCase(),
          size: Math.max(1, Math.round(r.proof.size / 1024)),
          by: r.proof.uploadedBy,
        })}
      </Text>
      <Button size="xs" variant="light" onClick={() => downloadProof(r.id, r.entityId).catch(showErrorToast)}>
        {t('requests.viewProof')}
      </Button>
    </Group>
  );
}

/**
 * A request in full, beside the list it was opened from: what an approver checks (entity,
 * account, amount, destination, reference, proof), every field of its payload as its
 * contract labels it, the approvers so far, its timeline — and, for one the caller may
 * decide now (the server says), Approve and Reject, each asking first. `requestId` null:
 * closed.
 */
export function RequestDrawer({
  entityId,
  requestId,
  onClose,
}: {
  entityId: number;
  requestId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const detail = useQuery({ ...requestQuery(entityId, requestId ?? 0), enabled: requestId !== null });
  const decide = useDecideRequest();
  const { amountText, summaryOf } = useRequestSummary();
  const r = detail.data?.request;
  const rate = useRateOf(r);

  const move = (request: TRequestItem, status: 'APPROVED' | 'REJECTED', reason?: string) =>
    decide.mutateAsync({ request, status, reason }).then(
      // An approval that still waits for another approver says so.
      (res) =>
        showSuccessToast(
          t(`whitelist.decided.${res.status === 'PENDING' ? 'PENDING' : status}`),
          t('whitelist.decidedText', { id: request.id }),
        ),
      showErrorToast,
    );

  return (
    <Drawer
      opened={requestId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        r
          ? t('approvals.drawerTitle', { id: r.id, type: requestTypeOf(r.type).label })
          : t('approvals.request', { id: requestId })
      }
    >
      {detail.isError ? (
        <Alert color="red" title={t('approvals.requestFailed', { id: requestId })}>
          {serverMessage(detail.error)}
        </Alert>
      ) : !r ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('approvals.requestLoading')}>
          <Skeleton height={24} width="40%" />
          <Skeleton height={160} />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Group justify="space-between">
            <RequestStatusBadge status={r.status} />
            {detail.data?.decidable && (
              <Group gap="xs">
                <Button
                  size="sm"
                  loading={decide.isPending}
                  onClick={() =>
                    confirmApproval(
                      t,
                      r.id,
                      summaryOf(r, rate),
                      () => move(r, 'APPROVED'),
                      approveTextOf(r.type),
                    )
                  }
                >
                  {t('whitelist.approve')}
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  color="red"
                  disabled={decide.isPending}
                  onClick={() => confirmRejection(t, r.id, (reason) => move(r, 'REJECTED', reason))}
                >
                  {t('whitelist.reject')}
                </Button>
              </Group>
            )}
          </Group>
          <Facts request={r} amount={amountText(r)} />
          {movesMoney(r) && (
            <Section title={t('approvals.proof')}>
              <Proof request={r} />
            </Section>
          )}
          {/* A trading request's facts above are its details. */}
          {!isTrading(r) && (
            <Section title={t('approvals.details')}>
              <RequestDetails request={r} assetOf={assetOf} />
            </Section>
          )}
          <Section title={t('approvals.approvers')}>
            {r.approvals.length === 0 ? (
              <Text size="sm">{t('approvals.noApprovers', { needed: r.requiredApprovals })}</Text>
            ) : (
              <Stack gap={2} component="ul" m={0} pl="md">
                {r.approvals.map((a) => (
                  <Text key={`${a.kind}:${a.id}`} size="sm" component="li">
                    {a.name} · <DateTimeText value={a.at} />
                  </Text>
                ))}
              </Stack>
            )}
          </Section>
          <Section title={t('approvals.history')}>
            <RequestTimeline request={r} />
          </Section>
        </Stack>
      )}
    </Drawer>
  );
}
