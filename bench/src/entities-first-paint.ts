import { freePort } from '../../apps/server/src/test/free-port';
import { launchChromium } from '../../e2e/src/browser';
import { startPortal } from '../../e2e/src/portal-process';

/** The web's default response cap (MAX_RESPONSE_SIZE_BYTES): the screen is measured with it. */
const DEFAULT_CAP_BYTES = 64 * 1024 * 1024;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * The `/entities` screen's first paint in Chromium over a seeded forest: the built portal
 * started on `dataDir` (the bench's database, stopped by the caller first), the user signed
 * in, then the time from navigating to `/entities` until the tree-table shows its first
 * row (the root), measured three times on reloads. Also the first contentful paint (the
 * shell) and the size of the forest the page downloads. Needs `npm run build` first.
 * The first load after start is reported apart: it also builds the server's forest.
 */
export async function benchEntitiesFirstPaint(opts: {
  dataDir: string;
  username: string;
  password: string;
  root: string;
}) {
  // With the default settings, as an operator would run it.
  const portal = await startPortal({
    dataDir: opts.dataDir,
    port: await freePort(),
    pgPort: await freePort(),
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const login = await page.request.post(`${portal.baseUrl}/api/auth/login`, {
      data: { username: opts.username, password: opts.password },
    });
    if (!login.ok())
      throw new Error(
        `bench user could not sign in: ${login.status()} ${await login.text()}\n${portal.output().slice(-3000)}`,
      );
    // The forest as the screen downloads it (the same call, same user).
    const forestBytes = (
      await (await page.request.get(`${portal.baseUrl}/api/entity`, { timeout: 300_000 })).body()
    ).length;
    const firstRow = page
      .getByRole('table', { name: 'Entity tree' })
      .getByRole('button', { name: opts.root, exact: true });
    const runs: { drawn: number; fcp: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const start = Date.now();
      await page.goto(`${portal.baseUrl}/entities`, { waitUntil: 'commit' });
      await firstRow.waitFor({ timeout: 120_000 });
      const drawn = Date.now() - start;
      const fcp = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      );
      runs.push({ drawn, fcp });
    }
    const [cold, ...warm] = runs;
    const best = Math.min(...warm.map((r) => r.drawn));
    console.log(
      `entities: /entities in Chromium — tree drawn (navigation → first row) ${best} ms (best of ${warm.length}; ${warm.map((r) => r.drawn).join(', ')} ms), first load after start ${cold!.drawn} ms`,
    );
    console.log(
      `entities: /entities first contentful paint (the shell) ${Math.min(...warm.map((r) => r.fcp)).toFixed(0)} ms; forest downloaded ${mb(forestBytes)} uncompressed`,
    );
    console.log(
      `entities: the forest is ${(forestBytes / DEFAULT_CAP_BYTES).toFixed(2)} of the default response cap (MAX_RESPONSE_SIZE_BYTES ${mb(DEFAULT_CAP_BYTES)}; over 1.00 the screen would not draw)`,
    );
    return best;
  } finally {
    await browser.close();
    await portal.stop();
  }
}
