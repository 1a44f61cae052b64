import {
  type TInstrument,
  ZCreateInstrument,
  ZUpdateInstrument,
} from '@clearway/contracts/endpoints/instruments.schemas';
import { INSTRUMENT_KINDS, type InstrumentKind, OPTION_STYLES } from '@clearway/contracts/enums';
import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { fieldErrors } from '../../../lib/form-errors';
import { useDialogForm } from '../../../lib/use-form-submit';
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

/**
 * Creates an instrument (any kind) or edits one, validated with the contract's schema;
 * ends with the create/edit confirmation.
 */
export function InstrumentForm({ entityId, instrument }: { entityId: number; instrument?: TInstrument }) {
  const { t } = useTranslation();
  const editing = instrument !== undefined;
  const create = useCreateInstrument(entityId);
  const update = useUpdateInstrument(entityId);
  const { opened, start, close, form, setForm, errors, failure, busy, run } = useDialogForm(
    () => (instrument ? fromInstrument(instrument) : blank()),
    editing ? update : create,
  );
  const currencies = useQuery({ ...instrumentCurrenciesQuery(entityId), enabled: opened && !editing });
  const pairs = useQuery({
    ...fxPairsQuery(entityId),
    enabled: opened && !editing && form.kind === 'FX_OPTION',
  });
  const withCalendar = (currencies.data ?? []).filter((c) => c.calendar !== null).map((c) => c.code);
  const fields = FIELDS[form.kind][editing ? 'edit' : 'create'];

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = inputOf(form, fields);
    const labels = Object.fromEntries(fields.map((f) => [f, t(`instruments.fields.${f}`)]));
    const done = editing
      ? await run(
          fieldErrors(ZUpdateInstrument, { ...body, entityId, instrumentId: instrument.id }, labels),
          { ...body, instrumentId: instrument.id } as never,
        )
      : await run(fieldErrors(ZCreateInstrument, { ...body, kind: form.kind, entityId }, labels), {
          ...body,
          kind: form.kind,
        } as never);
    if (done) {
      close();
      confirmSaved(t, 'instrument', editing ? 'updated' : 'created');
    }
  }

  const text = (key: keyof Draft, optional = false) =>
    fields.includes(key) && (
      <TextInput
        label={t(`instruments.fields.${key}`)}
        description={optional ? t('instruments.optionalDefault') : undefined}
        withAsterisk={!optional}
        value={form[key] as string}
        onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
        error={errors[key]}
      />
    );
  const currency = (key: 'base' | 'quote') =>
    fields.includes(key) && (
      <Select
        label={t(`instruments.fields.${key}`)}
        withAsterisk
        searchable
        data={withCalendar}
        value={form[key] || null}
        onChange={(v) => setForm({ ...form, [key]: v ?? '' })}
        error={errors[key]}
      />
    );
  const optionalFx = form.kind === 'FX';

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
        <form onSubmit={submit} noValidate>
          <Stack>
            {failure && <Alert color="red">{failure}</Alert>}
            {!editing && (
              <Select
                label={t('instruments.kind')}
                withAsterisk
                allowDeselect={false}
                data={INSTRUMENT_KINDS.map((k) => ({ value: k, label: t(`instruments.kinds.${k}`) }))}
                value={form.kind}
                onChange={(v) => setForm({ ...blank(), kind: (v ?? 'FX') as InstrumentKind })}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {currency('base')}
              {currency('quote')}
              {text('symbol')}
              {text('name', optionalFx || form.kind === 'FX_OPTION')}
              {text('underlying')}
              {text('contractSize')}
              {text('pipSize', optionalFx)}
              {text('pricePrecision', optionalFx)}
              {text('spotLag', optionalFx)}
              {text('financingRateLong')}
              {text('financingRateShort')}
              {text('settlementLag')}
              {fields.includes('pairId') && (
                <Select
                  label={t('instruments.fields.pairId')}
                  withAsterisk
                  searchable
                  data={(pairs.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.symbol }))}
                  value={form.pairId || null}
                  onChange={(v) => setForm({ ...form, pairId: v ?? '' })}
                  error={errors.pairId}
                />
              )}
            </SimpleGrid>
            {fields.includes('styles') && (
              <Checkbox.Group
                label={t('instruments.fields.styles')}
                withAsterisk
                value={form.styles}
                onChange={(styles) => setForm({ ...form, styles })}
                error={errors.styles}
              >
                <Group mt="xs">
                  {OPTION_STYLES.map((s) => (
                    <Checkbox key={s} value={s} label={t(`instruments.styles.${s}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {editing ? t('instruments.save') : t('instruments.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
