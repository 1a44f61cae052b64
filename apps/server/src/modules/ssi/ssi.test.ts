import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

describe('SSI profiles', () => {
  const t = useTestApp();
  let broker = 0;
  let client = 0;
  let clientUser: Agent;
  let staff: Agent;
  let outsider: Agent;
  const name = uniqueName('Broker SSI ');

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    await t.services.ssi.seed(
      name,
      broker,
      [
        {
          profileId: 0,
          currency: 'USD',
          beneficiaryName: 'Clearway Custody',
          bankName: 'JPMorgan Chase',
          accountNumber: '000123456789',
          bic: 'CHASUS33',
          reference: 'Your entity id',
        },
      ],
      [{ profileId: 0, asset: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
    );
    const c = await signedInUser(t, client);
    await grant(t, c.user.id, client, ['account_view'], 'SELF');
    clientUser = c.agent;
    const s = await signedInUser(t, broker);
    await grant(t, s.user.id, broker, ['account_management', 'account_view']);
    staff = s.agent;
    outsider = (await signedInUser(t, (await createEntity(t)).id)).agent;
  });

  it('gives a client the instructions of the profile assigned to its broker, with a QR code per address', async () => {
    const profiles = (await clientUser.post('/api/ssi-profile/list', { entityId: client })).json();
    expect(profiles).toEqual([
      expect.objectContaining({
        name,
        assignedAt: broker,
        bank: [expect.objectContaining({ currency: 'USD', bic: 'CHASUS33' })],
      }),
    ]);
    const addresses = (await clientUser.post('/api/ssi-profile/wallet/list', { entityId: client })).json();
    expect(addresses).toEqual([
      expect.objectContaining({
        asset: 'BTC',
        network: 'BTC',
        qrCode: expect.stringMatching(/^data:image\/png;base64,/),
      }),
    ]);
  });

  it('refuses to delete a profile while it is assigned (409)', async () => {
    const [{ id }] = (await staff.post('/api/ssi-profile/list', { entityId: broker })).json();
    expect(
      (
        await staff.call({
          method: 'DELETE',
          url: '/api/ssi-profile/delete',
          payload: { entityId: broker, profileId: id },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('keeps another entity’s instructions out of reach (404) and rejects a bad body (400)', async () => {
    expect((await outsider.post('/api/ssi-profile/list', { entityId: client })).statusCode).toBe(404);
    expect(
      (await staff.post('/api/ssi-profile/assign', { entityId: client, profileId: 'x' })).statusCode,
    ).toBe(400);
  });
});
