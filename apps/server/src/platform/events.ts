import type { DbOrTx } from './db';

/** A reaction to an event, run inside the transaction that caused it. */
export type Reaction<E> = (tx: DbOrTx, event: E) => Promise<void>;

/** What another module sees of a module's events: it may subscribe, never emit. */
export type EventSource<M> = {
  on<K extends keyof M>(name: K, reaction: Reaction<M[K]>): void;
};

/**
 * The events a module declares (`M`: each event's name and what it carries). The owning
 * module emits them inside the transaction that caused them, so what a reaction writes
 * commits or rolls back with the cause, and a failing reaction fails it. Other modules
 * subscribe in their own wiring; nothing is wired through callbacks in `app.ts`.
 * Reactions run one after another, in the order they subscribed: `tx` may be a
 * transaction's single client, which takes one statement at a time.
 */
export function createEvents<M>() {
  const reactions: { [K in keyof M]?: Reaction<M[K]>[] } = {};
  return {
    on<K extends keyof M>(name: K, reaction: Reaction<M[K]>): void {
      reactions[name] = [...(reactions[name] ?? []), reaction];
    },
    async emit<K extends keyof M>(tx: DbOrTx, name: K, event: M[K]): Promise<void> {
      for (const react of reactions[name] ?? []) await react(tx, event);
    },
  };
}
