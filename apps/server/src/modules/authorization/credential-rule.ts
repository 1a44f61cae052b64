import type { Grant } from '@clearway/contracts/authorization';
import type { DbOrTx } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { idsOfPath } from '../entities/entity-path';
import { grantsOf } from './grants.repo';
import { type PlacedEntity, type PrincipalRef, pathsOf, serializeRightsChanges } from './rights.repo';
import { type Administrator, administratorOf, holdsWhere } from './rights-rule';

/**
 * What the actor does, for the refusal's wording: "change the e-mail of this user",
 * "reset the two-factor authentication of this user", "revoke this API key"…
 */
export type CredentialAct = string;

/** The target's grants, each placed on its entity (path read once per entity). */
async function placedGrantsOf(tx: DbOrTx, target: PrincipalRef): Promise<(Grant & PlacedEntity)[]> {
  const grants = await grantsOf(tx, target);
  const paths = await pathsOf(
    tx,
    grants.map((g) => g.entityId),
  );
  const pathOf = new Map(paths.map((p) => [idsOfPath(p).at(-1)!, p]));
  return grants.flatMap((g) => {
    const path = pathOf.get(g.entityId);
    return path ? [{ ...g, path }] : [];
  });
}

/** The first right of the targets the actor does not hold where it applies (null: it holds them all). */
async function firstRightBeyond(tx: DbOrTx, me: Administrator, targets: PrincipalRef[]) {
  for (const target of targets)
    for (const g of await placedGrantsOf(tx, target)) if (!holdsWhere(me, g, [g.key], g.scope)) return g.key;
  return null;
}

/**
 * THE credential rule (issue 38 item 2): acting on another principal's credentials — its
 * e-mail, a set-password link, its two-factor authentication, its status, its sign-in lock,
 * its API keys — hands the actor whatever the target may do. So it is allowed only where the
 * actor could grant every right the target holds: each of the target's grants (own keys and
 * child permissions, through groups, roles and direct permissions) must be held by the actor
 * where it applies — the grant rule's own reading (`holdsWhere`). The row's own key
 * (`authorization_management`, `user_support`…) is the guard's, checked before. A principal
 * acting on itself is not "another": this rule does not apply (each path has its own rule
 * for that). Runs inside the caller's transaction, serialized with rights changes, so the
 * rights judged are the rights the change commits over; throwing rolls everything back.
 * @throws Forbidden
 */
export async function assertMayActOnCredentials(
  tx: DbOrTx,
  actor: Principal,
  targets: PrincipalRef[],
  act: CredentialAct,
): Promise<void> {
  const others = targets.filter((t) => !(t.kind === actor.kind && t.id === actor.id));
  if (!others.length) return;
  await serializeRightsChanges(tx);
  const me = await administratorOf(tx, actor);
  const beyond = await firstRightBeyond(tx, me, others);
  if (beyond) throw forbidden(`You cannot ${act}: they hold ${beyond}, which you could not grant`);
}
