import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { RejectionForm } from './decision-dialogs';

afterEach(cleanup);

function showForm() {
  const onReject = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider>
      <RejectionForm id={12} onReject={onReject} onCancel={onCancel} />
    </MantineProvider>,
  );
  const reason = screen.getByRole('textbox', { name: /Reason \(shared with the requester\)/ });
  const reject = screen.getByRole('button', { name: 'Reject' });
  return { onReject, onCancel, reason, reject };
}

const NEEDS_REASON = /^Reason .* is required$/;

describe('the rejection dialog', () => {
  beforeAll(() => initI18n());

  it('marks the reason required and refuses to reject without one, saying the reason is required (the forms’ one wording)', () => {
    const { onReject, reason, reject } = showForm();
    expect(reason).toHaveProperty('required', true);
    fireEvent.click(reject);
    expect(screen.getByText(NEEDS_REASON)).toBeTruthy();
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(reject);
    expect(screen.getByText(NEEDS_REASON)).toBeTruthy();
    expect(onReject).not.toHaveBeenCalled();
  });

  it('clears the message as the reason is typed, and rejects with the reason trimmed', () => {
    const { onReject, reason, reject } = showForm();
    fireEvent.click(reject);
    fireEvent.change(reason, { target: { value: '  Address not verified ' } });
    expect(screen.queryByText(NEEDS_REASON)).toBeNull();
    fireEvent.click(reject);
    expect(onReject).toHaveBeenCalledWith('Address not verified');
  });

  it('goes back without rejecting', () => {
    const { onReject, onCancel } = showForm();
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onReject).not.toHaveBeenCalled();
  });
});
