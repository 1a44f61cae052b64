import { type PasswordPolicy, passwordProblem } from '@clearway/contracts/password-policy';
import { PasswordInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { passwordRequirementsQuery } from '../api/auth.queries';
import { PasswordRules } from './password-rules';

type Values = { password: string; confirm: string };
type FieldProps = {
  label?: string;
  error?: string;
  required: boolean;
  value: string;
  onBlur: () => void;
  onChange: (e: { currentTarget: { value: string } }) => void;
};

/** The password policy the server enforces, once it is known (the rules are checked against it). */
export function usePasswordPolicy(): PasswordPolicy | undefined {
  return useQuery(passwordRequirementsQuery).data;
}

/**
 * A new password's problems as the server would refuse it (the policy's first broken rule)
 * and a confirmation that differs; the last few passwords only the server can tell.
 */
export function newPasswordProblems(
  values: Values,
  policy: PasswordPolicy | undefined,
  t: TFunction,
  username?: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const broken = policy && values.password ? passwordProblem(policy, values.password, username) : null;
  if (!values.password) problems.password = t('forms.required', { label: t('login.newPassword') });
  else if (broken) problems.password = broken;
  if (!values.confirm) problems.confirm = t('forms.required', { label: t('login.confirmPassword') });
  else if (values.confirm !== values.password) problems.confirm = t('login.mismatch');
  return problems;
}

/** New password twice, the policy's rules ticked off as it is typed. */
export function NewPasswordFields({
  password,
  confirm,
  username,
}: {
  password: FieldProps;
  confirm: FieldProps;
  username?: string;
}) {
  return (
    <>
      <PasswordInput autoComplete="new-password" {...password} />
      <PasswordRules password={password.value} username={username} />
      <PasswordInput autoComplete="new-password" {...confirm} />
    </>
  );
}
