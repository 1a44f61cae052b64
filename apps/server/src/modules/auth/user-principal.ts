import type { Principal } from '../../platform/principal';

type Who = { id: string; username: string; homeEntityId: number };

/** The principal a signed-in user acts as. */
export function userPrincipal(
  user: Who,
  via: Principal['via'],
  extra: { twoFactorPending?: boolean; sessionId?: string } = {},
): Principal {
  return {
    kind: 'user',
    id: user.id,
    name: user.username,
    homeEntityId: user.homeEntityId,
    via,
    twoFactorPending: extra.twoFactorPending ?? false,
    ...(extra.sessionId ? { sessionId: extra.sessionId } : {}),
  };
}
