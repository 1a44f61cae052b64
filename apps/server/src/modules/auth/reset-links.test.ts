import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '../../platform/crypto';
import { Agent } from '../../test/agent';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { INVALID_RESET_LINK } from './password.service';
import { nthLinkTo, useResetMailWorker } from './password.test-support';

const NEW_PASSWORD = 'Brand-New-Secret-77';

/**
 * A user has at most one working password link (reset or invitation): a newer link ends the
 * older ones, and a change of the password — by a link, by the user, by anyone — ends them all.
 */
describe('password links end when a newer one is issued or the password changes', () => {
  const t = useTestApp();
  useResetMailWorker(t);

  const forgot = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { username } });
  const reset = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const expectDead = async (token: string) => {
    const res = await reset(token, 'Yet-Another-Secret-99');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID_RESET_LINK, errors: { token: INVALID_RESET_LINK } });
  };
  /** A user and the link of their first `forgot-password` mail. */
  async function userWithLink() {
    const user = await createUser(t);
    expect((await forgot(user.username)).statusCode).toBe(200);
    return { user, link: await nthLinkTo(t, user.email, 1) };
  }
  /**
   * An open link written straight into the table, as links issued before this rule (or by a
   * path that forgot to end the others) are: the change itself must end it.
   */
  async function strayLink(userId: string): Promise<string> {
    const token = randomToken();
    await t.database.db.execute(
      sql`insert into password_reset_tokens (token_hash, user_id, expires_at)
          values (${hashToken(token)}, ${userId}, now() + interval '1 hour')`,
    );
    return token;
  }

  it('refuses the first of two links once the second is used', async () => {
    const { user, link: first } = await userWithLink();
    await forgot(user.email);
    const second = await nthLinkTo(t, user.email, 2);
    expect((await reset(second)).statusCode).toBe(200);
    await expectDead(first);
  });

  it('ends the older link as soon as a newer one is issued', async () => {
    const { user, link: first } = await userWithLink();
    await forgot(user.username);
    const second = await nthLinkTo(t, user.email, 2);
    await expectDead(first);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('ends every other link of the user when the password is reset through one', async () => {
    const { user, link } = await userWithLink();
    const stray = await strayLink(user.id);
    expect((await reset(link)).statusCode).toBe(200);
    await expectDead(stray);
    await expectDead(link);
  });

  it('ends a link mailed before the user changes the password', async () => {
    const { user, link } = await userWithLink();
    const stray = await strayLink(user.id);
    const agent = new Agent(t.app);
    await agent.post('/api/auth/login', { username: user.username, password: user.password });
    const changed = await agent.post('/api/profile/change-password', {
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    await expectDead(link);
    await expectDead(stray);
  });

  it('ends the links whatever path sets the password (an administrator, a support tool)', async () => {
    const { user, link } = await userWithLink();
    await t.services.users.setPassword(user, NEW_PASSWORD);
    await expectDead(link);
  });

  it('ends a set-password invitation when a reset link is issued, and the reset link when the invitation is resent', async () => {
    const user = await createUser(t);
    const sendInvite = await t.services.auth.passwords.invite(user);
    await sendInvite();
    const invitation = await nthLinkTo(t, user.email, 1);
    await forgot(user.username);
    const resetLink = await nthLinkTo(t, user.email, 2);
    await expectDead(invitation);
    await (await t.services.auth.passwords.invite(user))();
    const resent = await nthLinkTo(t, user.email, 3);
    await expectDead(resetLink);
    expect((await reset(resent)).statusCode).toBe(200);
  });

  it('ends the links when the e-mail address changes (they went to the old one) or the user is disabled', async () => {
    const moved = await userWithLink();
    await t.services.users.update(moved.user.id, { email: `moved-${moved.user.email}` });
    await expectDead(moved.link);

    const disabled = await userWithLink();
    await t.services.users.update(disabled.user.id, { status: 'disabled' });
    await t.services.users.update(disabled.user.id, { status: 'active' });
    await expectDead(disabled.link);
  });

  it('keeps the link when nothing of the credentials changes', async () => {
    const { user, link } = await userWithLink();
    await t.services.users.update(user.id, { displayName: 'Renamed Person', lastLoginAt: new Date() });
    expect((await reset(link)).statusCode).toBe(200);
  });
});
