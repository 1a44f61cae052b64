import { Badge, Button, Popover, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlatEntity } from '../api/entity-forest.query';

type Props = { list: readonly FlatEntity[]; currentId: number; onSelect: (e: FlatEntity) => void };

/** The entity selector: the visible tree, indented, with a search over names. */
export function EntitySelector({ list, currentId, onSelect }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const current = list.find((e) => e.entityId === currentId);
  const needle = search.trim().toLowerCase();
  const shown = needle ? list.filter((e) => e.entityName.toLowerCase().includes(needle)) : list;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={340} shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconBuilding size={16} />}
          rightSection={<IconChevronDown size={14} />}
          onClick={() => setOpened((o) => !o)}
          // The visible name is part of the accessible name, so speech input can say it.
          aria-label={t('entities.selectorCurrent', { name: current?.entityName ?? t('entities.none') })}
          maw={320}
          miw={0}
        >
          <Text truncate size="sm">
            {current?.entityName ?? t('entities.none')}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            placeholder={t('entities.search')}
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            aria-label={t('entities.search')}
            data-autofocus
          />
          <ScrollArea.Autosize mah={360}>
            <Stack gap={2} role="listbox" aria-label={t('entities.selector')}>
              {shown.length === 0 && (
                <Text size="sm" c="dimmed" p="xs">
                  {t('entities.noMatch')}
                </Text>
              )}
              {shown.map((e) => (
                <UnstyledButton
                  key={e.entityId}
                  role="option"
                  aria-selected={e.entityId === currentId}
                  onClick={() => {
                    onSelect(e);
                    setOpened(false);
                    setSearch('');
                  }}
                  py={4}
                  pr="xs"
                  pl={needle ? 'xs' : 8 + e.depth * 16}
                  bg={e.entityId === currentId ? 'var(--mantine-color-indigo-light)' : undefined}
                  style={{ borderRadius: 4 }}
                >
                  <Text size="sm" fw={e.entityId === currentId ? 600 : 400}>
                    {e.entityName}
                  </Text>
                  {e.attributes.length > 0 && (
                    <Badge size="xs" variant="light" color="gray">
                      {e.attributes.join(' · ')}
                    </Badge>
                  )}
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
