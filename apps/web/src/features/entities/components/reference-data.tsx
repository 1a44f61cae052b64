import { Badge, Button, Drawer, Group, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useSaveProfile } from '../api/entities.mutations';
import { entityReference } from '../api/entities.queries';
import { ReferenceCodes } from './reference-codes';

type Profile = { id: number; name: string; description: string; active: boolean };

/** One kind of profile: its list, a new one, and each edited, disabled or enabled in its row. */
function Profiles({
  kind,
  entityId,
  canManage,
}: {
  kind: 'conversion' | 'roll';
  entityId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const list = useQuery(
    kind === 'conversion' ? entityReference.conversionProfiles : entityReference.rollProfiles,
  );
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useFormSubmit(useSaveProfile(kind, entityId));
  return (
    <Stack>
      <Table
        withTableBorder
        aria-label={t(kind === 'conversion' ? 'referenceData.conversion' : 'referenceData.roll')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('referenceData.name')}</Table.Th>
            <Table.Th>{t('referenceData.description')}</Table.Th>
            <Table.Th>{t('referenceData.status')}</Table.Th>
            {canManage && <Table.Th>{t('shell.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data as Profile[] | undefined)?.map((p) => (
            <ProfileRow key={p.id} kind={kind} entityId={entityId} profile={p} canManage={canManage} />
          ))}
        </Table.Tbody>
      </Table>
      {canManage && (
        <Group align="flex-end">
          <TextInput
            label={t('referenceData.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label={t('referenceData.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Button
            loading={create.busy}
            disabled={!name.trim()}
            onClick={() =>
              create.run({}, { name, description }, () => {
                setName('');
                setDescription('');
              })
            }
          >
            {t('referenceData.add')}
          </Button>
          {create.failure && (
            <Text c="red" size="sm" role="alert">
              {create.failure}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

function ProfileRow({
  kind,
  entityId,
  profile: p,
  canManage,
}: {
  kind: 'conversion' | 'roll';
  entityId: number;
  profile: Profile;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [description, setDescription] = useState(p.description);
  const save = useFormSubmit(useSaveProfile(kind, entityId));
  return (
    <Table.Tr>
      <Table.Td>{p.name}</Table.Td>
      <Table.Td>
        {canManage ? (
          <TextInput
            aria-label={t('referenceData.descriptionOf', { name: p.name })}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={save.failure}
          />
        ) : (
          p.description
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={p.active ? 'teal' : 'gray'}>
          {p.active ? t('referenceData.active') : t('referenceData.disabled')}
        </Badge>
      </Table.Td>
      {canManage && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              disabled={description === p.description}
              loading={save.busy}
              onClick={() => save.run({}, { id: p.id, description })}
            >
              {t('referenceData.save')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => save.run({}, { id: p.id, active: !p.active })}>
              {p.active ? t('referenceData.disable') : t('referenceData.enable')}
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * The reference data behind the entity forms and filters, every tenant's: conversion and
 * roll profiles (kept by holders of their keys), and the address types, name sources and
 * entity attributes (kept by holders of account_management at the platform root).
 */
export function ReferenceData({
  entityId,
  canManageConversion,
  canManageRoll,
  canManageCodes,
}: {
  entityId: number;
  canManageConversion: boolean;
  canManageRoll: boolean;
  canManageCodes: boolean;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        {t('referenceData.open')}
      </Button>
      <Drawer opened={opened} onClose={close} position="right" size="xl" title={t('referenceData.open')}>
        <Tabs defaultValue="conversion" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="conversion">{t('referenceData.conversion')}</Tabs.Tab>
            <Tabs.Tab value="roll">{t('referenceData.roll')}</Tabs.Tab>
            <Tabs.Tab value="addressTypes">{t('entitiesPage.addressTypes')}</Tabs.Tab>
            <Tabs.Tab value="nameSources">{t('entitiesPage.nameSources')}</Tabs.Tab>
            <Tabs.Tab value="attributes">{t('entitiesPage.attributes')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="conversion" pt="md">
            <Profiles kind="conversion" entityId={entityId} canManage={canManageConversion} />
          </Tabs.Panel>
          <Tabs.Panel value="roll" pt="md">
            <Profiles kind="roll" entityId={entityId} canManage={canManageRoll} />
          </Tabs.Panel>
          <Tabs.Panel value="addressTypes" pt="md">
            <ReferenceCodes list="addressTypes" entityId={entityId} canManage={canManageCodes} />
          </Tabs.Panel>
          <Tabs.Panel value="nameSources" pt="md">
            <ReferenceCodes list="nameSources" entityId={entityId} canManage={canManageCodes} />
          </Tabs.Panel>
          <Tabs.Panel value="attributes" pt="md">
            <ReferenceCodes list="attributes" entityId={entityId} canManage={canManageCodes} />
          </Tabs.Panel>
        </Tabs>
      </Drawer>
    </>
  );
}
