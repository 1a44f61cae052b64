import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { selectEntity, signInPersona, useBrowser } from './browser';

/** The confirmation a successful create or edit ends with (spec section 2), dismissed. */
async function acknowledge(page: Page, title: string, text: string) {
  const done = page.getByRole('dialog', { name: title });
  await done.getByText(text, { exact: true }).waitFor();
  await done.getByRole('button', { name: 'OK' }).click();
  await done.waitFor({ state: 'hidden' });
}

describe('accounts page', () => {
  const b = useBrowser();

  it('lets broker operations create an account for a client (IBAN checked), edit it and close it after confirming, with the spec’s confirmation texts', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.maker', DEMO_PASSWORD, currentCode);
    await selectEntity(page, 'Northwind Capital');
    await page.getByRole('link', { name: 'Accounts' }).click();
    const table = page.getByRole('table', { name: 'Accounts' });
    // The account type by its display label.
    await table.getByRole('row', { name: /Northwind Margin.*Margin Trading/ }).waitFor();

    const name = `Escrow ${Date.now()}`;
    await page.getByRole('button', { name: 'Create Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Bank' }).click();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('IBAN').fill('GB00 NOT AN IBAN');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('is not a valid IBAN', { exact: true }).waitFor();
    await dialog.getByLabel('IBAN').fill('GB33 BUKB 2020 1555 5555 55');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await acknowledge(page, 'Account Created', 'You have successfully created an account');
    await table
      .getByRole('row', { name: new RegExp(`${name}.*Bank.*GB33BUKB20201555555555.*Active`) })
      .waitFor();

    await table
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Edit' })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit: ${name}` });
    await edit.getByLabel('Name').fill(`${name} (escrow)`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await acknowledge(page, 'Account Updated', 'You have successfully updated the account');
    const row = table.getByRole('row', { name: new RegExp(`${name} \\(escrow\\).*Bank.*Active`) });
    await row.waitFor();

    await row.getByRole('button', { name: 'Close account' }).click();
    await page
      .getByRole('dialog', { name: `Close ${name} (escrow)?` })
      .getByRole('button', { name: 'Close account' })
      .click();
    await table.getByRole('row', { name: new RegExp(`${name} \\(escrow\\).*Closed`) }).waitFor();
  });
});
