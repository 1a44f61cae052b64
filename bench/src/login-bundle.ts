import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../../apps/server/src/test/free-port';
import { launchChromium } from '../../e2e/src/browser';
import { startPortal } from '../../e2e/src/portal-process';

const BUDGET_BYTES = 250 * 1024;

/**
 * Loads /login in Chromium against the built portal and adds up the gzipped size of every
 * JavaScript file the page fetched. Target ≤ 250 KB.
 */
export async function benchLoginBundle() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-bench-web-'));
  const portal = await startPortal({ dataDir, port: await freePort(), pgPort: await freePort() });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b).length));
    });
    await page.goto(`${portal.baseUrl}/login`, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((a, b) => a + b, 0);
    const ratio = total / BUDGET_BYTES;
    console.log(`web: /login loads ${sizes.length} script(s), ${(total / 1024).toFixed(1)} KB gzipped`);
    console.log(
      `web: login JS ÷ 250 KB budget = ${ratio.toFixed(2)}  (target ≤ 1.00) ${ratio <= 1 ? 'PASS' : 'OVER BUDGET'}`,
    );
    return ratio;
  } finally {
    await browser.close();
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
