import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { serverFieldErrors } from './form-errors';
import { serverMessage } from './gateway';

/**
 * The submit cycle every form shares: show the browser's field errors, or run the call
 * with the button busy; a refusal becomes the server's field errors and its message.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** @returns whether `work` ran and succeeded */
  async function run(invalid: Record<string, string>, work: () => Promise<void>): Promise<boolean> {
    setErrors(invalid);
    if (Object.keys(invalid).length) return false;
    setBusy(true);
    setFailure(null);
    try {
      await work();
      return true;
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setFailure(serverMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const reset = () => {
    setErrors({});
    setFailure(null);
  };
  return { errors, failure, busy, run, reset };
}

/** A form in a dialog: each opening starts from `initial()`, with no errors showing. */
export function useDialogForm<F>(initial: () => F) {
  const [opened, { open, close }] = useDisclosure(false);
  const [form, setForm] = useState(initial);
  const submit = useFormSubmit();
  const start = () => {
    setForm(initial());
    submit.reset();
    open();
  };
  return { opened, start, close, form, setForm, ...submit };
}
