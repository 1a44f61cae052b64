import { ZBankInfoRequest } from '@clearway/contracts/endpoints/bank-info.schemas';
import { Alert, MantineProvider, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkForm } from './form-errors';
import { GatewayError } from './gateway';
import { initI18n } from './i18n';
import { useForm } from './use-form';

const LABELS = {
  beneficiaryName: 'Beneficiary name',
  beneficiaryAddress: 'Beneficiary address',
  bankName: 'Bank name',
  iban: 'IBAN',
  bic: 'BIC / SWIFT',
  currency: 'Currency',
};
type Values = Record<keyof typeof LABELS, string>;
const EMPTY: Values = {
  beneficiaryName: '',
  beneficiaryAddress: '',
  bankName: '',
  iban: '',
  bic: '',
  currency: '',
};

/** A bank-account form as the whitelist's, answering with `answer` when sent. */
function BankForm({ answer }: { answer: () => Promise<unknown> }) {
  const form = useForm({
    initial: () => EMPTY,
    labels: LABELS,
    required: ['beneficiaryName', 'beneficiaryAddress', 'bankName', 'bic', 'currency'],
    check: (v: Values) =>
      checkForm(ZBankInfoRequest, Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '')), LABELS),
  });
  return (
    <form onSubmit={form.onSubmit(answer)} noValidate>
      {form.failure && <Alert role="alert">{form.failure}</Alert>}
      {(Object.keys(LABELS) as (keyof Values)[]).map((k) => (
        <TextInput key={k} {...form.text(k)} />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

const show = (answer: () => Promise<unknown> = async () => ({})) =>
  render(
    <MantineProvider>
      <BankForm answer={answer} />
    </MantineProvider>,
  );
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const messages = () =>
  [...document.querySelectorAll('.mantine-InputWrapper-error')].map((e) => e.textContent);

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

describe('one form behaviour: problems on leaving a field, gone on changing it, all at once on submit', () => {
  it('marks the required fields', () => {
    show();
    expect(field('Bank name').hasAttribute('required')).toBe(true);
    expect(field('IBAN').hasAttribute('required')).toBe(false);
  });

  it('shows nothing while the user has not left a field, then the left field’s problem by its label', () => {
    show();
    fireEvent.focus(field('Beneficiary name'));
    expect(messages()).toEqual([]);
    fireEvent.blur(field('Beneficiary name'));
    expect(messages()).toEqual(['Beneficiary name is required']);
  });

  it('clears a field’s problem as soon as it changes, and leaves no stale one once put right', () => {
    show();
    fireEvent.blur(field('Bank name'));
    expect(messages()).toEqual(['Bank name is required']);
    fireEvent.change(field('Bank name'), { target: { value: 'B' } });
    expect(messages()).toEqual([]);
    fireEvent.blur(field('Bank name'));
    expect(messages()).toEqual([]);
  });

  it('keeps a message when a field re-announces the value it already has', () => {
    show();
    fireEvent.blur(field('Bank name'));
    fireEvent.change(field('Bank name'), { target: { value: '' } });
    expect(messages()).toEqual(['Bank name is required']);
  });

  it('holds a left field’s message when the user leaves it for the submit button (nothing moves under the pointer)', () => {
    show();
    fireEvent.blur(field('Bank name'), { relatedTarget: screen.getByRole('button', { name: 'Send' }) });
    expect(messages()).toEqual([]);
  });

  it('shows every problem at once on submit, none by key or in zod’s English, and focuses the first', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(messages()).toEqual([
      'Beneficiary name is required',
      'Beneficiary address is required',
      'Bank name is required',
      'BIC / SWIFT is required',
      'Currency is required',
    ]);
    expect(messages().join(' ')).not.toMatch(/Invalid input|expected|received|beneficiaryName|bankName/);
    await waitFor(() => expect(document.activeElement).toBe(field('Beneficiary name')));
  });

  it('puts a refusal’s field message on its field, names the others by label, and clears on change', async () => {
    const refusal = new GatewayError(400, 'Invalid Request', 'Invalid Request', {
      status: 400,
      title: 'Invalid Request',
      message: 'iban: is not a valid IBAN',
      errors: { iban: 'is not a valid IBAN', vaspId: 'unknown or inactive' },
    });
    show(() => Promise.reject(refusal));
    fireEvent.change(field('Beneficiary name'), { target: { value: 'Jane' } });
    fireEvent.change(field('Beneficiary address'), { target: { value: '1 Road' } });
    fireEvent.change(field('Bank name'), { target: { value: 'Bank' } });
    fireEvent.change(field('IBAN'), { target: { value: 'GB00' } });
    fireEvent.change(field('BIC / SWIFT'), { target: { value: 'NWBKGB2L' } });
    fireEvent.change(field('Currency'), { target: { value: 'GBP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('is not a valid IBAN');
    expect(screen.getByRole('alert').textContent).toBe('VASP: unknown or inactive');
    fireEvent.change(field('IBAN'), { target: { value: 'GB33BUKB20201555555555' } });
    expect(messages()).toEqual([]);
  });

  it('says the server’s sentence with its field key as a label when no field message came', async () => {
    const refusal = new GatewayError(400, 'Invalid Request', 'Invalid Request', {
      status: 400,
      title: 'Invalid Request',
      message: 'walletType: is not one of the choices',
    });
    show(() => Promise.reject(refusal));
    for (const [label, value] of [
      ['Beneficiary name', 'Jane'],
      ['Beneficiary address', '1 Road'],
      ['Bank name', 'Bank'],
      ['IBAN', 'GB33BUKB20201555555555'],
      ['BIC / SWIFT', 'NWBKGB2L'],
      ['Currency', 'GBP'],
    ] as const)
      fireEvent.change(field(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wallet type: is not one of the choices');
  });
});
