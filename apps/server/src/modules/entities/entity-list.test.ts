import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { useTestApp } from '../../test/test-app';
import { idOf, signInAs } from '../authorization/rights-test-kit';
import { seedDemoData } from '../demo/demo-data.seed';

/** `POST entity/list` (issue 19, item 6): a broker learns nothing of users outside its tree. */
describe('entity/list for a username', () => {
  const t = useTestApp();
  let maker: Agent;

  beforeAll(async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    maker = await signInAs(t, 'ops.maker');
  });

  const ask = (username: string) => maker.post('/api/entity/list', { username });

  it('answers a username outside the caller’s tree exactly as a username nobody has', async () => {
    const nobody = await ask('nobody-has-this-name');
    expect(nobody.statusCode).toBe(404);
    for (const outside of ['admin', 'treasury']) {
      const res = await ask(outside);
      expect([outside, res.statusCode, res.body]).toEqual([outside, nobody.statusCode, nobody.body]);
    }
  });

  it('lists the entities a user of the caller’s tree can use', async () => {
    const res = await ask('trader');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ entityId: await idOf(t, 'entities', 'Northwind Capital') }),
    ]);
  });
});
