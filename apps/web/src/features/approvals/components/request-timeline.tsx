import type { TRequestItem } from '@clearway/contracts/endpoints/requests.schemas';
import { Text, Timeline } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/date-time-text';

export type TimelineEvent = { key: string; label: string; by: string | null; at: string; detail?: string };

/**
 * Who made a move, as people know them: an API key that a user owns names both ("Key
 * ‘ops-bot’ of Alex Admin"), since the owner is the person who decided.
 */
export const actorName = (a: { name: string; onBehalfOf?: { name: string } }, t: TFunction): string =>
  a.onBehalfOf ? t('approvals.keyOf', { key: a.name, owner: a.onBehalfOf.name }) : a.name;

/** Events at the same moment (one transaction) read in the order they happen. */
const RANK = { requested: 0, proof: 1, approval: 2, decided: 3, posted: 4, hash: 5, completed: 6 } as const;

/**
 * A request's life as it happened: requested, each approval (n of m), the decision (with a
 * rejection's reason), the posting of its money, the transaction hash added, completion —
 * from its history and its facts, oldest first.
 */
export function timelineOf(r: TRequestItem, t: TFunction): TimelineEvent[] {
  const events: (TimelineEvent & { rank: number })[] = [];
  let approvals = 0;
  for (const [i, h] of r.history.entries()) {
    const base = { key: `h${i}`, by: actorName(h.by, t), at: h.at };
    const move = `${h.from ?? ''}>${h.to}`;
    if (move === '>PENDING')
      events.push({ ...base, rank: RANK.requested, label: t('approvals.event.requested') });
    else if (h.to === 'PENDING' || h.to === 'APPROVED') {
      approvals += 1;
      const label =
        r.requiredApprovals > 1
          ? t('approvals.event.approvalOf', { n: approvals, of: r.requiredApprovals })
          : t('approvals.event.approved');
      events.push({ ...base, rank: h.to === 'APPROVED' ? RANK.decided : RANK.approval, label });
    } else if (h.to === 'COMPLETED')
      events.push({ ...base, rank: RANK.completed, label: t('approvals.event.completed') });
    else
      events.push({
        ...base,
        rank: RANK.decided,
        label: t(`approvals.event.${h.to === 'REJECTED' ? 'rejected' : 'cancelled'}`),
        ...(h.reason ? { detail: h.reason } : {}),
      });
  }
  if (r.proof)
    events.push({
      key: 'proof',
      rank: RANK.proof,
      label: t('approvals.event.proof'),
      by: r.proof.uploadedBy,
      at: r.proof.at,
    });
  if (r.postedAt)
    events.push({
      key: 'posted',
      rank: RANK.posted,
      label: t('approvals.event.posted'),
      by: null,
      at: r.postedAt,
    });
  if (r.transactionHash)
    events.push({
      key: 'hash',
      rank: RANK.hash,
      label: t('approvals.event.hash'),
      by: r.transactionHash.addedBy,
      at: r.transactionHash.at,
      detail: r.transactionHash.hash,
    });
  return events.sort((a, b) => a.at.localeCompare(b.at) || a.rank - b.rank).map(({ rank: _, ...e }) => e);
}

/** The timeline of a request, as a list a screen reader reads in order. */
export function RequestTimeline({ request }: { request: TRequestItem }) {
  const { t } = useTranslation();
  const events = timelineOf(request, t);
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} aria-label={t('approvals.timeline')}>
      {events.map((e) => (
        <Timeline.Item key={e.key} title={e.label}>
          <Text size="xs" c="dimmed">
            <DateTimeText value={e.at} />
            {e.by ? ` · ${e.by}` : ''}
          </Text>
          {e.detail && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {e.detail}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
