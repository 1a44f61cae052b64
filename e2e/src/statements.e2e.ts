import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PNG } from 'pngjs';
import { describe, expect, inject, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { reload, signInPersona, useBrowser, visit } from './browser';

/** Share of a rendered page's pixels that are not white: a page with text has some. */
function inkOf(pngFile: string): number {
  const png = PNG.sync.read(readFileSync(pngFile));
  let ink = 0;
  for (let i = 0; i < png.data.length; i += 4)
    if (png.data[i]! < 200 || png.data[i + 1]! < 200 || png.data[i + 2]! < 200) ink += 1;
  return ink / (png.width * png.height);
}

describe('statements', () => {
  const b = useBrowser();

  it('the trader requests last month’s statement, sees its progress, reloads mid-way and still sees it, and downloads a PDF that opens', async () => {
    const page = await b.page();
    await signInPersona(page, 'trader', DEMO_PASSWORD, currentCode);
    await visit(page, '/statements');
    await page.getByRole('region', { name: 'Last end of day' }).waitFor();

    // The build reads the trades' events once the ledger's figures are in: holding that table
    // (as a slow database would) keeps the statement running, part-way, while the page reloads.
    const blocker = new pg.Client({ connectionString: inject('databaseUrl') });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table trade_events in access exclusive mode');
    const pending = page.getByRole('region', { name: 'Statement in progress' });
    try {
      const form = page.getByRole('form', { name: 'Request a statement' });
      await form.getByRole('combobox', { name: 'Account' }).click();
      await page.getByRole('option', { name: 'Northwind Settlement' }).click();
      // Last month is the preset the form starts with.
      expect(await form.getByRole('radio', { name: 'Last month' }).isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Generate statement' }).click();
      const bar = pending.getByRole('progressbar', { name: 'Progress' });
      await pending.getByText('Running · 90%').waitFor();
      expect(await bar.getAttribute('aria-valuenow')).toBe('90');
      await reload(page);
      await pending.getByText('Running · 90%').waitFor();
      expect(await bar.getAttribute('aria-valuenow')).toBe('90');
    } finally {
      await blocker.query('commit');
      await blocker.end();
    }
    await pending.getByText('Ready').waitFor();
    await page
      .getByRole('table', { name: 'Statements' })
      .getByRole('row', { name: /Northwind Settlement.*Monthly.*Ready/ })
      .first()
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      pending.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^Northwind-Capital_Northwind-Settlement_\d{4}-\d\d-01_\d{4}-\d\d-\d\d_statement\.pdf$/,
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'statement-e2e-'));
    const pdf = path.join(dir, 'statement.pdf');
    await download.saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    // The first page rendered as an image reader would show it: not blank.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      path.join(dir, 'page'),
    ]);
    const ink = inkOf(path.join(dir, 'page.png'));
    expect(ink).toBeGreaterThan(0.005);
    expect(ink).toBeLessThan(0.5);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Northwind Capital');
    expect(text).toMatch(/Page 1 of \d+/);
  });
});
