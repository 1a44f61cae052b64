import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { BIDI_CONTROLS } from '@clearway/contracts/primitives';
import type { FieldLabel } from '@clearway/contracts/request-types/request-type';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Stack, Text } from '@mantine/core';
import { type AssetDisplay, formatAmount } from '../../../lib/format';

type Values = Readonly<Record<string, unknown>>;
type AssetOf = (asset: string) => AssetDisplay | undefined;

const isRecord = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value as its field's label says it reads: an enum's display label, `#12` for an id, an amount at its asset's scale. */
function shown(f: FieldLabel, value: unknown, siblings: Values, assetOf: AssetOf): string {
  if (Array.isArray(value)) return value.join(', ');
  if (f.values && typeof value === 'string') return f.values[value] ?? value;
  if (f.id && typeof value === 'number') return `#${value}`;
  const asset = f.amountOf && siblings[f.amountOf];
  if (typeof asset === 'string' && typeof value === 'string') {
    return `${formatAmount(value, assetOf(asset))} ${asset}`;
  }
  return String(value);
}

const BIDI = new RegExp(BIDI_CONTROLS.source, 'g');
/** A direction control in text stored before the contract refused them shows as its code point, never reverses text. */
const revealed = (s: string) =>
  s.replace(BIDI, (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`);

function Fields({
  fields,
  values,
  assetOf,
}: {
  fields: Readonly<Record<string, FieldLabel>>;
  values: Values;
  assetOf: AssetOf;
}) {
  // The definition's order is the reading order; a field the payload leaves out is not shown.
  return (
    <Stack gap={0}>
      {Object.entries(fields).map(([key, f]) => {
        const value = values[key];
        if (value === undefined || value === null) return null;
        if (f.fields && isRecord(value))
          return (
            <Stack key={key} gap={0}>
              <Text size="xs">{f.label}:</Text>
              <Stack gap={0} pl="sm">
                <Fields fields={f.fields} values={value} assetOf={assetOf} />
              </Stack>
            </Stack>
          );
        // The value is the requester's text: isolated, so it cannot reorder what is around it.
        return (
          <Text key={key} size="xs">
            {f.label}: <bdi>{revealed(shown(f, value, values, assetOf))}</bdi>
          </Text>
        );
      })}
    </Stack>
  );
}

/**
 * A request's frozen payload, field by field, as its type's definition in the contract
 * labels it (labels, never keys; enum values by their display labels): what an approver
 * decides on. `assetOf` gives how an asset's amounts read (display precision) (shown as sent until known).
 */
export function RequestDetails({
  request,
  assetOf = () => undefined,
}: {
  request: TRequestView;
  assetOf?: AssetOf;
}) {
  return <Fields fields={requestTypeOf(request.type).fields} values={request.payload} assetOf={assetOf} />;
}
