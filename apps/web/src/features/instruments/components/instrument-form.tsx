import {
  type TInstrument,
  ZCreateInstrument,
  ZUpdateInstrument,
} from '@clearway/contracts/endpoints/instruments.schemas';
import { INSTRUMENT_KINDS, type InstrumentKind, OPTION_STYLES } from '@clearway/contracts/enums';
import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { checkForm } from '../../../lib/form-errors';
import { type Checked, requiredMark, useForm } from '../../../lib/use-form';
import { useCreateInstrument, useUpdateInstrument } from '../api/instruments.mutations';
import { fxPairsQuery, instrumentCurrenciesQuery } from '../api/instruments.queries';

/** What the form holds: text as typed, for every kind (only the kind's fields are sent). */
type Draft = {
  kind: InstrumentKind;
  base: string;
  quote: string;
  symbol: string;
  name: string;
  underlying: string;
  pipSize: string;
  pricePrecision: string;
  spotLag: string;
  contractSize: string;
  financingRateLong: string;
  financingRateShort: string;
  settlementLag: string;
  pairId: string;
  styles: string[];
};

const FIELDS: Record<InstrumentKind, { create: (keyof Draft)[]; edit: (keyof Draft)[] }> = {
  FX: {
    create: ['base', 'quote', 'name', 'pipSize', 'pricePrecision', 'spotLag'],
    edit: ['name', 'pipSize', 'pricePrecision', 'spotLag'],
  },
  CFD: {
    create: [
      'symbol',
      'name',
      'underlying',
      'quote',
      'contractSize',
      'pricePrecision',
      'financingRateLong',
      'financingRateShort',
      'settlementLag',
    ],
    edit: [
      'name',
      'underlying',
      'contractSize',
      'pricePrecision',
      'financingRateLong',
      'financingRateShort',
      'settlementLag',
    ],
  },
  FX_OPTION: { create: ['pairId', 'styles', 'name'], edit: ['name', 'styles'] },
};
const NUMBERS = new Set<keyof Draft>(['pricePrecision', 'spotLag', 'settlementLag', 'pairId']);

const blank = (): Draft => ({
  kind: 'FX',
  base: '',
  quote: '',
  symbol: '',
  name: '',
  underlying: '',
  pipSize: '',
  pricePrecision: '',
  spotLag: '',
  contractSize: '',
  financingRateLong: '',
  financingRateShort: '',
  settlementLag: '0',
  pairId: '',
  styles: ['EUROPEAN'],
});

function fromInstrument(i: TInstrument): Draft {
  const d = { ...blank(), kind: i.kind, name: i.name, pricePrecision: String(i.pricePrecision) };
  switch (i.kind) {
    case 'FX':
      return { ...d, pipSize: i.pipSize, spotLag: String(i.spotLag) };
    case 'CFD':
      return {
        ...d,
        underlying: i.underlying,
        contractSize: i.contractSize,
        financingRateLong: i.financingRateLong,
        financingRateShort: i.financingRateShort,
        settlementLag: String(i.settlementLag),
      };
    case 'FX_OPTION':
      return { ...d, styles: i.styles };
  }
}

/** The kind's fields, typed as the contract wants them; empty optional fields left out. */
function inputOf(d: Draft, fields: (keyof Draft)[]) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = d[f];
    if (typeof v === 'string' && v.trim() === '') continue;
    out[f] = NUMBERS.has(f) ? Number(v) : typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Optional fields of a kind (the server defaults them); every other shown field is required. */
const OPTIONAL: Record<InstrumentKind, (keyof Draft)[]> = {
  FX: ['name', 'pipSize', 'pricePrecision', 'spotLag'],
  CFD: [],
  FX_OPTION: ['name'],
};
const requiredOf = (kind: InstrumentKind, editing: boolean) =>
  FIELDS[kind][editing ? 'edit' : 'create'].filter((f) => !OPTIONAL[kind].includes(f));

/**
 * Creates an instrument (any kind) or edits one, validated with the contract's schema;
 * ends with the create/edit confirmation.
 */
export function InstrumentForm({ entityId, instrument }: { entityId: number; instrument?: TInstrument }) {
  const { t } = useTranslation();
  const editing = instrument !== undefined;
  const create = useCreateInstrument(entityId);
  const update = useUpdateInstrument(entityId);
  const [opened, { open, close }] = useDisclosure(false);
  const labels = Object.fromEntries(
    (Object.keys(blank()) as (keyof Draft)[])
      .filter((f) => f !== 'kind')
      .map((f) => [f, t(`instruments.fields.${f}`)]),
  );
  const form = useForm({
    initial: () => (instrument ? fromInstrument(instrument) : blank()),
    labels,
    // Which fields are required depends on the kind: each field is marked below.
    required: [],
    check: (d: Draft): Checked<object> => {
      const body = inputOf(d, FIELDS[d.kind][editing ? 'edit' : 'create']);
      return editing
        ? checkForm(ZUpdateInstrument, { ...body, entityId, instrumentId: instrument.id }, labels)
        : checkForm(ZCreateInstrument, { ...body, kind: d.kind, entityId }, labels);
    },
  });
  const currencies = useQuery({ ...instrumentCurrenciesQuery(entityId), enabled: opened && !editing });
  const pairs = useQuery({
    ...fxPairsQuery(entityId),
    enabled: opened && !editing && form.values.kind === 'FX_OPTION',
  });
  const withCalendar = (currencies.data ?? []).filter((c) => c.calendar !== null).map((c) => c.code);
  const fields = FIELDS[form.values.kind][editing ? 'edit' : 'create'];
  const required = requiredOf(form.values.kind, editing);

  const start = () => {
    form.reset();
    open();
  };
  const send = async (body: object) => {
    if (editing) await update.mutateAsync(body as never);
    else await create.mutateAsync(body as never);
    close();
    confirmSaved(t, 'instrument', editing ? 'updated' : 'created');
  };

  const text = (key: keyof Draft) =>
    fields.includes(key) && (
      <TextInput
        {...form.text(key)}
        {...requiredMark(required.includes(key))}
        description={required.includes(key) ? undefined : t('instruments.optionalDefault')}
      />
    );
  const currency = (key: 'base' | 'quote') =>
    fields.includes(key) && (
      <Select {...form.choice(key)} {...requiredMark(true)} searchable data={withCalendar} />
    );

  return (
    <>
      {editing ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={start}
          aria-label={t('instruments.editOf', { symbol: instrument.symbol })}
        >
          {t('instruments.edit')}
        </Button>
      ) : (
        <Button onClick={start}>{t('instruments.create')}</Button>
      )}
      <Modal
        opened={opened}
        onClose={close}
        title={editing ? t('instruments.editTitle', { symbol: instrument.symbol }) : t('instruments.create')}
        size="lg"
        centered
      >
        <form onSubmit={form.onSubmit(send)} noValidate>
          <Stack>
            {form.failure && (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            )}
            {!editing && (
              <Select
                label={t('instruments.kind')}
                {...requiredMark(true)}
                allowDeselect={false}
                data={INSTRUMENT_KINDS.map((k) => ({ value: k, label: t(`instruments.kinds.${k}`) }))}
                value={form.values.kind}
                onChange={(v) => form.reset({ ...blank(), kind: (v ?? 'FX') as InstrumentKind })}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {currency('base')}
              {currency('quote')}
              {text('symbol')}
              {text('name')}
              {text('underlying')}
              {text('contractSize')}
              {text('pipSize')}
              {text('pricePrecision')}
              {text('spotLag')}
              {text('financingRateLong')}
              {text('financingRateShort')}
              {text('settlementLag')}
              {fields.includes('pairId') && (
                <Select
                  {...form.choice('pairId')}
                  {...requiredMark(true)}
                  searchable
                  data={(pairs.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.symbol }))}
                />
              )}
            </SimpleGrid>
            {fields.includes('styles') && (
              <Checkbox.Group
                label={labels.styles}
                {...requiredMark(true)}
                value={form.values.styles}
                onChange={(styles) => form.set({ styles })}
                error={form.error('styles')}
              >
                <Group mt="xs">
                  {OPTION_STYLES.map((s) => (
                    <Checkbox key={s} value={s} label={t(`instruments.styles.${s}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={form.busy}>
                {editing ? t('instruments.save') : t('instruments.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
