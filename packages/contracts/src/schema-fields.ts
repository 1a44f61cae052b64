import type { z } from 'zod';
import { FIELD_KINDS, type FieldMeta } from './primitives';

/** A leaf of a request schema: where it sits, its zod type, and the primitive it was built from. */
export type SchemaLeaf = {
  /** Object keys and, for an array's element, 0. */
  path: (string | number)[];
  type: string;
  meta: FieldMeta | undefined;
  schema: z.ZodType;
  /** Inside one option of a union: a refusal may name the union rather than the field. */
  inUnion: boolean;
};

type Def = {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * Every leaf of a schema, looking through optional/default/nullable wrappers, objects,
 * arrays and unions. A leaf built from a primitive (ids, text, dates, amounts) carries its
 * meta, so a test can send each kind of bad value to each field of that kind.
 */
export function schemaLeaves(
  schema: z.ZodType,
  path: (string | number)[] = [],
  inUnion = false,
): SchemaLeaf[] {
  const meta = FIELD_KINDS.get(schema);
  const def = defOf(schema);
  if (meta) return [{ path, type: def.type, meta, schema, inUnion }];
  if (WRAPPERS.has(def.type) && def.innerType) return schemaLeaves(def.innerType, path, inUnion);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => schemaLeaves(v, [...path, k], inUnion));
    case 'array':
      return schemaLeaves(def.element!, [...path, 0], inUnion);
    case 'union':
      return (def.options ?? []).flatMap((o) => schemaLeaves(o, path, true));
    case 'pipe':
      return schemaLeaves(def.in!, path, inUnion);
    case 'lazy':
      return schemaLeaves(def.getter!(), path, inUnion);
    default:
      return [{ path, type: def.type, meta: undefined, schema, inUnion }];
  }
}
