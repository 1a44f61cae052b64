import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { signInPersona, useBrowser, visit } from './browser';

describe('instruments and FX swaps', () => {
  const b = useBrowser();

  it('shows a client trader the swap points of each pair, with their value dates and curve', async () => {
    const page = await b.page();
    await signInPersona(page, 'trader', DEMO_PASSWORD, currentCode);
    await visit(page, '/fx-swaps');
    const table = page.getByRole('table', { name: 'Swap points of EUR/USD' });
    // The demo's EUR/USD 1M points (12.80/13.30), and the outright: the sheet's mid (which
    // another journey may have set) plus the mid points in pips of 0.0001.
    const spot = page.getByText(/^Spot bid [\d.]+ \/ ask [\d.]+ \(mid [\d.]+\)$/);
    const mid = new Decimal(((await spot.textContent()) ?? '').match(/\(mid ([\d.]+)\)/)![1]!);
    // Points at the decimals they were set with (12.80); the outright at the pair's price
    // precision (5 decimals), rounded half to even.
    const outright = mid.plus('0.001305').toFixed(5, Decimal.ROUND_HALF_EVEN).replace('.', '\\.');
    await table
      .getByRole('row', { name: new RegExp(`^1M\\s.*12\\.80\\s+13\\.30\\s+13\\.05\\s+${outright}$`) })
      .waitFor();
    await page.getByRole('figure', { name: 'Swap-points curve of EUR/USD' }).waitFor();
    // Dates in the reader's locale (the browser's), like every date of the portal.
    await page.getByText(/^Spot \d[\d/.-]+\d \(trade date \d[\d/.-]+\d\)$/).waitFor();
    // Another pair: its own table.
    await page.getByText('USD/JPY', { exact: true }).click();
    await page
      .getByRole('table', { name: 'Swap points of USD/JPY' })
      .getByRole('row', { name: /^1Y\s/ })
      .waitFor();
    // A trader sees the catalogue but cannot change it.
    await visit(page, '/instruments');
    await page
      .getByRole('table', { name: 'Instruments' })
      .getByRole('row', { name: /EUR\/USD/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create Instrument' }).count()).toBe(0);
  });

  it('lets treasury create, edit and disable a CFD, and amend a holiday calendar', async () => {
    const page = await b.page();
    await signInPersona(page, 'treasury', DEMO_PASSWORD, currentCode);
    await visit(page, '/instruments');
    const list = page.getByRole('table', { name: 'Instruments' });
    await list.getByRole('row').nth(1).waitFor();
    // Filters: the CFDs only.
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'CFD' }).click();
    await list.getByRole('row', { name: /US500/ }).waitFor();
    expect(await list.getByRole('row', { name: /EUR\/USD/ }).count()).toBe(0);

    const symbol = `E2E${String(Date.now()).slice(-6)}`;
    await page.getByRole('button', { name: 'Create Instrument' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Instrument' });
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'CFD' }).click();
    await dialog.getByLabel('Symbol').fill(symbol);
    await dialog.getByLabel('Name').fill('E2E index');
    await dialog.getByLabel('Underlying').fill('An index');
    await dialog.getByRole('combobox', { name: 'Quote currency' }).click();
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await dialog.getByLabel('Contract size').fill('10');
    await dialog.getByLabel('Price decimals').fill('2');
    await dialog.getByLabel('Financing long (% per year)').fill('250');
    await dialog.getByLabel('Financing short (% per year)').fill('-2.5');
    await dialog.getByRole('button', { name: 'Create Instrument' }).click();
    // The contract's own rule, shown against the field before anything is sent.
    await dialog.getByText('must be between -100 and 100 (a percentage per year)').waitFor();
    await dialog.getByLabel('Financing long (% per year)').fill('6.5');
    await dialog.getByRole('button', { name: 'Create Instrument' }).click();
    const created = page.getByRole('dialog', { name: 'Instrument Created' });
    await created.getByText('You have successfully created an instrument').waitFor();
    await created.getByRole('button', { name: 'OK' }).click();
    const row = list.getByRole('row', { name: new RegExp(symbol) });
    await row.getByText(/10 per contract in USD · financing 6\.5% long, -2\.5% short/).waitFor();

    await row.getByRole('button', { name: `Edit ${symbol}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${symbol}` });
    await edit.getByLabel('Contract size').fill('25');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('dialog', { name: 'Instrument Updated' })
      .getByRole('button', { name: 'OK' })
      .click();
    await row.getByText(/25 per contract in USD/).waitFor();

    await row.getByRole('button', { name: `Disable ${symbol}` }).click();
    await page
      .getByRole('dialog', { name: `Disable ${symbol}?` })
      .getByRole('button', { name: 'Disable' })
      .click();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Enable ${symbol}` }).waitFor();

    // The USD calendar: remove a holiday (after confirming), then add it back.
    const year = new Date().getFullYear();
    const holidays = page.getByRole('table', { name: `Holidays of USD in ${year}` });
    const first = holidays.getByRole('row').nth(1);
    await first.waitFor();
    // The date as shown (the reader's locale), and as the date field takes it (ISO).
    const date = ((await first.getByRole('cell').first().textContent()) ?? '').trim();
    const iso = (await first.getByRole('cell').first().locator('time').getAttribute('datetime')) ?? '';
    const name = ((await first.getByRole('cell').nth(1).textContent()) ?? '').trim();
    const holiday = holidays.getByRole('row', { name: new RegExp(`^${date}`) });
    await holiday.getByRole('button', { name: `Remove the holiday on ${date}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${date} from USD?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await holiday.getByText('Removed').waitFor();
    await page.getByLabel('Date', { exact: true }).fill(iso);
    await page.getByLabel('Holiday', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add holiday' }).click();
    await holiday.getByText('Seeded').waitFor();
  });
});
