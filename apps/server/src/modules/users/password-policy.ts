import {
  describePasswordPolicy,
  type PasswordPolicy,
  passwordProblem,
} from '@clearway/contracts/password-policy';

/** The password policy `GET auth/reset-password-requirements` reports and every change enforces. */
export const PASSWORD_POLICY = {
  minLength: 12,
  maxLength: 128,
  requireUppercase: true,
  requireLowercase: true,
  requireDigit: true,
  requireSymbol: true,
  notUsername: true,
  historySize: 5,
} as const satisfies PasswordPolicy;

export function passwordRequirements() {
  return { ...PASSWORD_POLICY, rules: describePasswordPolicy(PASSWORD_POLICY) };
}

/**
 * The first rule a password breaks, or null — the same checks the web runs live against
 * the policy it reads (contracts). History is checked by the users service.
 */
export function checkPassword(password: string, username: string): string | null {
  return passwordProblem(PASSWORD_POLICY, password, username);
}
