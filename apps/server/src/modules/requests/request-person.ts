/** A principal as requests record it (requester, approver). */
export type Identity = { kind: string; id: string };

/** The user an API key acts for, by name. */
export type Owner = { id: string; name: string };

/**
 * Who stands behind a credential, as maker-checker counts people: a user whatever the
 * credential (session, bearer token, an API key the user owns), or an API key no user owns
 * (its own person). `onBehalfOf` names a key's owner, for the history and the audit.
 */
export type Acting = { person: string; onBehalfOf: Owner | null };

/**
 * The person key stored with each approval ('user:<id>' or 'apiKey:<id>'): two approvals of
 * a request with the same key are one person's (`request_approvals_person_idx`).
 * `human`: the user behind the principal (`humanOf`), null for a key no user owns.
 */
export const personOf = (principal: Identity, human: string | null): string =>
  human !== null ? `user:${human}` : `${principal.kind}:${principal.id}`;
