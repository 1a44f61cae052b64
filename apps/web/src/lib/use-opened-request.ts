import { useNavigate, useSearch } from '@tanstack/react-router';

/** A positive whole number from the query string, else none. */
export const positiveId = (v: unknown) => {
  const id = Number(v);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The query string of a page that opens one request in a drawer: `?request=12` (a notice links there). */
export const requestSearch = (s: Record<string, unknown>): { request?: number } => ({
  request: positiveId(s.request),
});

/**
 * The request a page shows in its drawer, kept in the address (`?request=12`) so a link —
 * a notification's — opens it, and Back closes it.
 */
export function useOpenedRequest() {
  const { request } = useSearch({ strict: false }) as { request?: number };
  const navigate = useNavigate();
  const go = (id: number | undefined) =>
    navigate({ to: '.', search: (s: Record<string, unknown>) => ({ ...s, request: id }) } as never);
  return {
    requestId: request ?? null,
    open: (id: number) => go(id),
    close: () => go(undefined),
  };
}
