import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { currentCode } from '../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../apps/server/src/modules/demo/demo-data.seed';
import { launchChromium } from './src/browser';
import { startPortal } from './src/portal-process';

const portal = await startPortal({
  dataDir: await mkdtemp(path.join(tmpdir(), 'qa-')),
  port: 3377,
  pgPort: 3378,
  env: { WHITELIST_COOLDOWN_HOURS: '0' },
});
const browser = await launchChromium();
const shots = process.argv.slice(2);
for (const spec of shots) {
  const [user, ...paths] = spec.split(',');
  const ctx = await browser.newContext({ baseURL: portal.baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  const login = await (
    await page.request.post('/api/auth/login', { data: { username: user, password: DEMO_PASSWORD } })
  ).json();
  const headers = { 'x-csrf-token': login.csrfToken };
  const { secret } = await (await page.request.post('/api/auth/twoFactor/setup-verify', { headers })).json();
  const v = await page.request.post('/api/auth/twoFactor/verify', {
    headers,
    data: { token: currentCode(secret, Date.now()) },
  });
  if (!v.ok()) throw new Error(await v.text());
  for (const p of paths) {
    await page.goto(p);
    await page.waitForTimeout(2500);
    const file = `/tmp/qa-${user}-${p.replace(/\W+/g, '_') || 'root'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log('shot', file);
  }
  await ctx.close();
}
await browser.close();
console.log('stop', await portal.stop());
