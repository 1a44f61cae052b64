import type { TRefCodeRow } from '@clearway/contracts/endpoints/entity.schemas';
import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useSaveReferenceCode } from '../api/entities.mutations';
import { allReferenceCodesQuery, entityReference, type ReferenceCodeList } from '../api/entities.queries';

const TITLES: Record<ReferenceCodeList, string> = {
  addressTypes: 'entitiesPage.addressTypes',
  nameSources: 'entitiesPage.nameSources',
  attributes: 'entitiesPage.attributes',
};

/**
 * One entity reference list (address types, name sources or attributes). Its keepers
 * (account_management at the platform root) see every code, add one, relabel one and
 * disable or enable it after a confirmation; everyone else sees the codes offered.
 */
export function ReferenceCodes({
  list,
  entityId,
  canManage,
}: {
  list: ReferenceCodeList;
  entityId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const title = t(TITLES[list]);
  const offered = useQuery({ ...entityReference[list], enabled: !canManage });
  const all = useQuery({ ...allReferenceCodesQuery(list, entityId), enabled: canManage });
  const [confirming, setConfirming] = useState<TRefCodeRow | null>(null);
  const toggle = useFormSubmit(useSaveReferenceCode(list, entityId));
  if (!canManage)
    return (
      <Group gap="xs" aria-label={title}>
        {(offered.data ?? []).map((r) => (
          <Badge key={r.code} variant="light">
            {r.name}
          </Badge>
        ))}
      </Group>
    );
  return (
    <Stack>
      <Table withTableBorder aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('referenceData.code')}</Table.Th>
            <Table.Th>{t('referenceData.label')}</Table.Th>
            <Table.Th>{t('referenceData.status')}</Table.Th>
            <Table.Th>{t('shell.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(all.data ?? []).map((r) => (
            <CodeRow key={r.code} list={list} entityId={entityId} row={r} onToggle={() => setConfirming(r)} />
          ))}
        </Table.Tbody>
      </Table>
      <NewCode list={list} entityId={entityId} />
      <Modal
        opened={confirming !== null}
        onClose={() => {
          setConfirming(null);
          toggle.reset();
        }}
        title={
          confirming?.active
            ? t('referenceData.disableTitle', { label: confirming.label })
            : t('referenceData.enableTitle', { label: confirming?.label ?? '' })
        }
      >
        <Stack>
          <Text size="sm">
            {confirming?.active ? t('referenceData.disableText') : t('referenceData.enableText')}
          </Text>
          {toggle.failure && (
            <Text c="red" size="sm" role="alert">
              {toggle.failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('referenceData.cancel')}
            </Button>
            <Button
              data-autofocus
              loading={toggle.busy}
              color={confirming?.active ? 'red' : undefined}
              onClick={() =>
                confirming &&
                toggle.run({}, { code: confirming.code, active: !confirming.active }, () =>
                  setConfirming(null),
                )
              }
            >
              {confirming?.active ? t('referenceData.disable') : t('referenceData.enable')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function CodeRow({
  list,
  entityId,
  row: r,
  onToggle,
}: {
  list: ReferenceCodeList;
  entityId: number;
  row: TRefCodeRow;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(r.label);
  const save = useFormSubmit(useSaveReferenceCode(list, entityId));
  return (
    <Table.Tr>
      <Table.Td>{r.code}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('referenceData.labelOf', { code: r.code })}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          error={save.errors.label ?? save.failure}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge color={r.active ? 'teal' : 'gray'}>
            {r.active ? t('referenceData.active') : t('referenceData.disabled')}
          </Badge>
          {r.required && (
            <Badge variant="outline" title={t('referenceData.requiredHint')}>
              {t('referenceData.required')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            disabled={!label.trim() || label.trim() === r.label}
            loading={save.busy}
            onClick={() => save.run({}, { code: r.code, label: label.trim() })}
          >
            {t('referenceData.save')}
          </Button>
          {!r.required && (
            <Button size="xs" variant="subtle" onClick={onToggle}>
              {r.active ? t('referenceData.disable') : t('referenceData.enable')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A new code: immutable once created, so it is asked for once, with its label. */
function NewCode({ list, entityId }: { list: ReferenceCodeList; entityId: number }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const create = useFormSubmit(useSaveReferenceCode(list, entityId));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.run({}, { create: true, code: code.trim(), label: label.trim() }, () => {
          setCode('');
          setLabel('');
        });
      }}
    >
      <Group align="flex-start">
        <TextInput
          label={t('referenceData.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={create.errors.code}
        />
        <TextInput
          label={t('referenceData.label')}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          error={create.errors.label}
        />
        <Button type="submit" mt={25} loading={create.busy} disabled={!code.trim() || !label.trim()}>
          {t('referenceData.addCode')}
        </Button>
      </Group>
      {create.failure && (
        <Text c="red" size="sm" role="alert" mt="xs">
          {create.failure}
        </Text>
      )}
    </form>
  );
}
