import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../test/fixtures';
import { useTestApp } from '../test/test-app';

/** zod's default English, which a refusal must never carry to a person. */
const ZOD_ENGLISH =
  /Invalid input|expected (string|number|array)|received (undefined|string|number)|Too (small|big)/;

describe('refusals of bad bodies read in plain words (section 8), never in zod’s default English', () => {
  const t = useTestApp();
  let client = 0;
  let agent: Agent;

  beforeAll(async () => {
    client = (await createEntity(t, uniqueName('Client '))).id;
    const u = await signedInUser(t, client);
    await grant(t, u.user.id, client, ['request_whitelist', 'account_view'], 'SELF');
    agent = u.agent;
  });

  it('names each missing or mistyped field, with "is required" or what it must be', async () => {
    const res = await agent.post('/api/whitelist/wallet/create', { entityId: client, digitalAssets: 'BTC' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      status: 400,
      title: 'Invalid Request',
      errors: { network: 'is required', address: 'is required', digitalAssets: 'must be a list' },
    });
    expect(body.message).toMatch(/^[a-zA-Z]+: /);
    for (const text of [body.message, ...Object.values(body.errors as Record<string, string>)])
      expect(text).not.toMatch(ZOD_ENGLISH);
  });
});
