import { describe, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { selectEntity, signInPersona, useBrowser } from './browser';

describe('accounts page', () => {
  const b = useBrowser();

  it('lets broker operations open an account for a client (IBAN checked), then close it after confirming', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.maker', DEMO_PASSWORD, currentCode);
    await selectEntity(page, 'Northwind Capital');
    await page.getByRole('link', { name: 'Accounts' }).click();
    const table = page.getByRole('table', { name: 'Accounts' });
    await table.getByRole('row', { name: /Northwind Margin.*MarginTrading/ }).waitFor();

    const name = `Escrow ${Date.now()}`;
    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = page.getByRole('dialog', { name: 'New account' });
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Bank' }).click();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('IBAN').fill('GB00 NOT AN IBAN');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    await dialog.getByText('is not a valid IBAN', { exact: true }).waitFor();
    await dialog.getByLabel('IBAN').fill('GB33 BUKB 2020 1555 5555 55');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    const row = table.getByRole('row', { name: new RegExp(`${name}.*Bank.*GB33BUKB20201555555555.*Active`) });
    await row.waitFor();

    await row.getByRole('button', { name: 'Close account' }).click();
    await page
      .getByRole('dialog', { name: `Close ${name}?` })
      .getByRole('button', { name: 'Close account' })
      .click();
    await table.getByRole('row', { name: new RegExp(`${name}.*Closed`) }).waitFor();
  });
});
