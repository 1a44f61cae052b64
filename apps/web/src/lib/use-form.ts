import { type FormEvent, useRef, useState } from 'react';
import { type FieldLabels, placeRefusal } from './form-errors';

/** A form's values checked: each field's problem, or the request body they make. */
export type Checked<B> = { errors: Record<string, string>; body?: B };

type Messages = Record<string, string>;

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((x, i) => Object.is(x, b[i]))
    : Object.is(a, b);

const without = (m: Messages, keys: readonly string[]): Messages =>
  keys.some((k) => k in m) ? Object.fromEntries(Object.entries(m).filter(([k]) => !keys.includes(k))) : m;

/**
 * Props that mark a field required: the input's `required` (said by assistive technology) and
 * a drawn asterisk (required-mark.css) in place of Mantine's written one, so the label's text
 * stays the field's name.
 */
export const requiredMark = (required: boolean) => ({
  required,
  withAsterisk: false,
  labelProps: required ? { 'data-required-mark': true } : {},
});

export type FormOptions<V, B> = {
  initial: () => V;
  /** The values checked with the contract's schema (`checkForm`) and any rule it cannot know. */
  check: (values: V) => Checked<B>;
  /** Each shown field's label by its key: messages name fields by them, never by their keys. */
  labels: FieldLabels;
  /** Fields the form marks required. */
  required?: readonly (keyof V & string)[];
  /** Body keys a refusal names that the form shows under another key (`fromAccountId` → `accountId`). */
  fieldOf?: Readonly<Record<string, keyof V & string>>;
};

/**
 * One behaviour for every form: a field's problem shows when the user leaves it and goes
 * as soon as they change it (never while they type, never left behind once put right);
 * submitting shows every problem at once, or sends the checked body; a refusal's field
 * messages land on the fields they name, the rest in the form's message, by label.
 */
export function useForm<V extends Record<string, unknown>, B>(options: FormOptions<V, B>) {
  const { check, labels, fieldOf, required = [] } = options;
  const [values, setValues] = useState(options.initial);
  const [local, setLocal] = useState<Messages>({});
  const [server, setServer] = useState<Messages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Blur and submit read what was typed last, even before React has rendered it.
  const latest = useRef(values);
  latest.current = values;

  /** Changes fields: their messages go; another field's goes too once the change puts it right. */
  function set(patch: Partial<V>) {
    // A "change" to the same value (a Select re-announcing no choice on blur) changes nothing.
    const changed = Object.keys(patch).filter((k) => !sameValue(patch[k], latest.current[k]));
    if (!changed.length) return;
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValues(next);
    const now = check(next).errors;
    setLocal((m) =>
      Object.fromEntries(
        Object.keys(without(m, changed))
          .filter((k) => now[k])
          .map((k) => [k, now[k]!]),
      ),
    );
    setServer((m) => without(m, changed));
    setFailure(null);
  }

  /**
   * Leaving a field shows its problem, if it has one — unless the user is leaving it for the
   * submit button: the submit shows every problem, and a message appearing first would move
   * the button away from under the pointer between press and release.
   */
  function blur(key: keyof V & string, to?: EventTarget | null) {
    if (to instanceof HTMLButtonElement && to.type === 'submit') return;
    const problem = check(latest.current).errors[key];
    setLocal((m) => (problem ? { ...m, [key]: problem } : without(m, [key])));
  }

  function reset(to: V = options.initial()) {
    latest.current = to;
    setValues(to);
    setLocal({});
    setServer({});
    setFailure(null);
  }

  /** Shows what a refused call says, on the fields it names. */
  function refuse(err: unknown) {
    const placed = placeRefusal(err, labels, fieldOf);
    setServer(placed.fields);
    setFailure(placed.message);
  }

  /**
   * The form's submit handler: every problem shown at once (the first problem field
   * focused), or `send` with the checked body; a refusal is shown by `refuse`.
   */
  const onSubmit =
    (send: (body: B, values: V) => Promise<unknown>) => async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const form = e.currentTarget;
      const { errors, body } = check(latest.current);
      setLocal(errors);
      setServer({});
      setFailure(errors.form ?? null);
      if (Object.keys(errors).length || body === undefined) {
        requestAnimationFrame(() =>
          form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus(),
        );
        return;
      }
      setBusy(true);
      try {
        await send(body, latest.current);
      } catch (err) {
        refuse(err);
      } finally {
        setBusy(false);
      }
    };

  const error = (key: keyof V & string): string | undefined => server[key] ?? local[key];
  const common = (key: keyof V & string) => ({
    label: labels[key],
    error: error(key),
    ...requiredMark(required.includes(key)),
    onBlur: (e?: { relatedTarget?: EventTarget | null }) => blur(key, e?.relatedTarget),
  });

  return {
    values,
    set,
    blur,
    reset,
    refuse,
    error,
    failure,
    busy,
    onSubmit,
    /** Props of a text field (TextInput, Textarea, PasswordInput). */
    text: (key: keyof V & string) => ({
      ...common(key),
      name: key,
      value: String(values[key] ?? ''),
      onChange: (e: { currentTarget: { value: string } }) =>
        set({ [key]: e.currentTarget.value } as Partial<V>),
    }),
    /** Props of a single choice (Select); '' is no choice. */
    choice: (key: keyof V & string) => ({
      ...common(key),
      // Its list opens on a click, a key or typing, not on focus: a submit that focuses the
      // field must not cover its message with the list.
      openOnFocus: false,
      value: (values[key] as string) || null,
      onChange: (v: string | null) => set({ [key]: v ?? '' } as Partial<V>),
    }),
    /** Props of a multiple choice (MultiSelect, Checkbox.Group). */
    choices: (key: keyof V & string) => ({
      ...common(key),
      openOnFocus: false,
      value: values[key] as string[],
      onChange: (v: string[]) => set({ [key]: v } as Partial<V>),
    }),
  };
}

export type Form<V extends Record<string, unknown>, B> = ReturnType<typeof useForm<V, B>>;
