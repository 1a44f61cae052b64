import type { TEntity, TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import { Alert, Button, Group, List, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../lib/toasts';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useFreezeEntity, useUpdateEntity } from '../api/entities.mutations';
import { parentEntitiesQuery } from '../api/entities.queries';

/** The update body that keeps every field of `e` but those changed. */
export function updateBodyOf(e: TEntity, patch: { parentId?: number; active?: boolean } = {}) {
  return {
    entityId: e.entityId,
    entityName: e.entityName,
    attributes: e.attributes as never,
    addresses: e.addresses,
    nameMappings: e.nameMappings,
    conversionProfileId: e.conversionProfileId,
    rollProfileId: e.rollProfileId,
    currencyCode: e.currencyCode,
    tradingEnabled: e.tradingEnabled,
    active: patch.active ?? e.active,
    agentId: e.agentId,
    ...(patch.parentId !== undefined ? { parentId: patch.parentId } : {}),
  };
}

/** The node of `id` in the forest and every entity below it (what a move carries). */
function subtreeOf(forest: readonly TEntityNode[], id: number): TEntityNode[] {
  const stack = [...forest];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.entityId === id) {
      const out: TEntityNode[] = [];
      const walk = [n];
      while (walk.length) {
        const x = walk.pop()!;
        out.push(x);
        walk.push(...x.children);
      }
      return out;
    }
    stack.push(...n.children);
  }
  return [];
}

/**
 * Moves an entity under another parent the user manages, after a preview of what moves:
 * the entity with its whole subtree, from its parent to the new one. A parent inside the
 * subtree is not offered (the server refuses a cycle too).
 */
export function MoveEntity({ entity, forest }: { entity: TEntity; forest: readonly TEntityNode[] }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [parent, setParent] = useState<string | null>(null);
  const parents = useQuery({ ...parentEntitiesQuery, enabled: opened });
  const moving = useMemo(
    () => (opened ? subtreeOf(forest, entity.entityId) : []),
    [opened, forest, entity.entityId],
  );
  const inside = new Set(moving.map((n) => n.entityId));
  const choices = (parents.data ?? []).filter(
    (p) => !inside.has(p.entityId) && p.entityId !== entity.parentId,
  );
  const target = choices.find((p) => String(p.entityId) === parent);
  const { failure, busy, run } = useFormSubmit(useUpdateEntity());
  const move = () =>
    run({}, updateBodyOf(entity, { parentId: Number(parent) }), (saved) => {
      close();
      // Under four eyes the move is a request: the entity stays where it is until approved.
      const names = { name: entity.entityName, parent: target?.entityName };
      if (saved.pendingRequestId)
        showSuccessToast(
          t('entitiesPage.moveSentForApproval'),
          t('entitiesPage.moveSentForApprovalText', { ...names, id: saved.pendingRequestId }),
        );
      else showSuccessToast(t('entitiesPage.moved'), t('entitiesPage.movedText', names));
    });

  return (
    <>
      <Button variant="default" onClick={open}>
        {t('entitiesPage.move')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('entitiesPage.moveTitle', { name: entity.entityName })}
        centered
      >
        <Stack>
          <Select
            label={t('entitiesPage.newParent')}
            searchable
            data={choices.map((p) => ({ value: String(p.entityId), label: p.entityName }))}
            value={parent}
            onChange={setParent}
          />
          {target && (
            <Alert color="blue" title={t('entitiesPage.preview')}>
              <Text size="sm">
                {t('entitiesPage.previewText', {
                  count: moving.length,
                  name: entity.entityName,
                  from: entity.parentName ?? '—',
                  to: target.entityName,
                })}
              </Text>
              <List size="sm" mt="xs">
                {moving.slice(0, 10).map((n) => (
                  <List.Item key={n.entityId}>{n.entityName}</List.Item>
                ))}
              </List>
              {moving.length > 10 && (
                <Text size="sm">{t('entitiesPage.andMore', { count: moving.length - 10 })}</Text>
              )}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button disabled={!target} loading={busy} onClick={move}>
              {t('entitiesPage.move')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Deactivates (after a confirmation) or reactivates an entity; a refusal says what it still holds. */
export function ToggleActive({ entity }: { entity: TEntity }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const { failure, busy, run } = useFormSubmit(useUpdateEntity());
  const set = (active: boolean) =>
    run({}, updateBodyOf(entity, { active }), () => {
      close();
      showSuccessToast(
        active ? t('entitiesPage.activated') : t('entitiesPage.deactivated'),
        t(active ? 'entitiesPage.activatedText' : 'entitiesPage.deactivatedText', {
          name: entity.entityName,
        }),
      );
    });
  if (!entity.active)
    return (
      <Button variant="default" loading={busy} onClick={() => set(true)}>
        {t('entitiesPage.activate')}
      </Button>
    );
  return (
    <>
      <Button variant="default" color="red" onClick={open}>
        {t('entitiesPage.deactivate')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('entitiesPage.deactivateTitle', { name: entity.entityName })}
        centered
      >
        <Stack>
          <Text size="sm">{t('entitiesPage.deactivateText')}</Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('entitiesPage.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => set(false)}>
              {t('entitiesPage.deactivate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Freezes the entity and its subtree, or lifts its own freeze, with a reason (both audited). */
export function FreezeEntity({ entity, actingId }: { entity: TEntity; actingId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState('');
  const own = entity.freeze?.entityId === entity.entityId;
  const freezing = !entity.freeze;
  const { failure, busy, run } = useFormSubmit(useFreezeEntity(freezing));
  if (entity.freeze && !own) return null;
  const send = () =>
    run({}, { entityId: actingId, targetEntityId: entity.entityId, reason }, () => {
      close();
      setReason('');
      showSuccessToast(
        freezing ? t('entitiesPage.frozenToast') : t('entitiesPage.unfrozenToast'),
        t(freezing ? 'entitiesPage.frozenToastText' : 'entitiesPage.unfrozenToastText', {
          name: entity.entityName,
        }),
      );
    });
  const label = freezing ? t('entitiesPage.freeze') : t('entitiesPage.unfreeze');
  return (
    <>
      <Button variant="default" color="orange" onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={`${label}: ${entity.entityName}`} centered>
        <Stack>
          <Text size="sm">{freezing ? t('entitiesPage.freezeText') : t('entitiesPage.unfreezeText')}</Text>
          <Textarea
            label={t('entitiesPage.reason')}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button color="orange" loading={busy} disabled={!reason.trim()} onClick={send}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
