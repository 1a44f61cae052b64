import { readableMessage } from '@clearway/contracts/field-labels';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { serverFieldErrors } from './form-errors';
import { serverMessage } from './gateway';

// biome-ignore lint/suspicious/noExplicitAny: any mutation's data, error, variables and context
type AnyMutation = UseMutationResult<any, any, any, any>;
type DataOf<M> = M extends UseMutationResult<infer D, infer _E, infer _V, infer _C> ? D : never;
type VarsOf<M> = M extends UseMutationResult<infer _D, infer _E, infer V, infer _C> ? V : never;

/**
 * The submit cycle of a one-action control without fields of its own (a table row's Save):
 * run the mutation, the button busy while it is pending; a refusal becomes the server's
 * message, a field named by its label. Forms with fields use `useForm`.
 */
export function useFormSubmit<M extends AnyMutation>(mutation: M) {
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const refused = mutation.error != null;

  /**
   * Runs the mutation with `variables` unless `problems` names a field (a form checked with
   * `checkForm` has no variables then), then `then` with its answer.
   * @returns whether the mutation ran and succeeded
   */
  async function run(
    problems: Record<string, string>,
    variables: VarsOf<M> | undefined,
    then?: (data: DataOf<M>) => void | Promise<void>,
  ): Promise<boolean> {
    setInvalid(problems);
    if (Object.keys(problems).length || variables === undefined) {
      mutation.reset();
      return false;
    }
    let data: DataOf<M>;
    try {
      data = await mutation.mutateAsync(variables);
    } catch {
      // The refusal is on screen through `errors` and `failure`.
      return false;
    }
    await then?.(data);
    return true;
  }

  const reset = () => {
    setInvalid({});
    mutation.reset();
  };
  return {
    errors: refused ? serverFieldErrors(mutation.error) : invalid,
    failure: refused ? readableMessage(serverMessage(mutation.error)) : null,
    busy: mutation.isPending,
    run,
    reset,
  };
}
