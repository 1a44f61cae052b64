import type { z } from 'zod';
import type { RequestType } from '../enums';
import type { PermissionKey } from '../permissions';

/** Every key of a payload, across the variants of a union (a fiat and a crypto deposit). */
type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;
type ValueAt<T, K extends string> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/**
 * How one value reads, by its type (tuples stop unions from being split): an enum names
 * each of its values; a nested object (a withdrawal's destination) labels its own fields; a
 * decimal string may be an amount in the asset a sibling field names; a number may be an
 * id (shown as `#12`).
 */
type LabelOf<V, Sibling extends string> = [V] extends [string]
  ? string extends V
    ? { label: string; amountOf?: Sibling }
    : { label: string; values: { readonly [K in V]: string } }
  : [V] extends [number]
    ? { label: string; id?: true }
    : [V] extends [readonly unknown[]]
      ? { label: string }
      : [V] extends [object]
        ? { label: string; fields: FieldLabels<V> }
        : { label: string };

/** The labels of a payload: one per field (the compiler wants every field), in display order. */
export type FieldLabels<T> = {
  readonly [K in KeysOf<T>]-?: LabelOf<NonNullable<ValueAt<T, K>>, KeysOf<T>>;
};

/** One field's label as a screen reads it, whatever the payload. */
export type FieldLabel = {
  label: string;
  values?: Readonly<Record<string, string>>;
  fields?: Readonly<Record<string, FieldLabel>>;
  amountOf?: string;
  id?: true;
};

/**
 * One request type, declared once for server and web: its type (spec section 3), how it
 * reads, who may approve it, and the schema of the payload frozen at submission with a
 * label for each field. The server validates every payload it stores and reads against
 * `payload`; the web shows a request's details from `payload` and `fields`. What approval,
 * rejection and cancellation do is the server's half, registered by the owning module
 * (`engine.register(type, handler)`).
 */
export type RequestTypeDefinition<T extends RequestType = RequestType, S extends z.ZodType = z.ZodType> = {
  /** As stored and sent (upper case). */
  readonly type: T;
  /** Display case (spec: Withdrawal, Deposit, Internal Transfer). */
  readonly label: string;
  /** The key an approver must hold on the request's entity (never the requester: maker-checker). */
  readonly approveKey: PermissionKey;
  /** The frozen payload. */
  readonly payload: S;
  /** How each payload field reads, in the order a person reads them. */
  readonly fields: FieldLabels<z.output<S>>;
  /**
   * `payload.parse`, typed by S itself: code generic in the request type (the server's
   * engine) gets T's payload type from it, where `payload.parse` would give the union of all.
   * @throws ZodError when the value does not fit
   */
  readonly parsePayload: (value: unknown) => z.output<S>;
};

export function defineRequestType<const T extends RequestType, S extends z.ZodType>(
  d: Omit<RequestTypeDefinition<T, S>, 'parsePayload'>,
): RequestTypeDefinition<T, S> {
  return { ...d, parsePayload: (value) => d.payload.parse(value) };
}
