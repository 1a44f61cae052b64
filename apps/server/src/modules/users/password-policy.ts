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
} as const;

export function passwordRequirements() {
  const p = PASSWORD_POLICY;
  return {
    ...p,
    rules: [
      `At least ${p.minLength} and at most ${p.maxLength} characters`,
      'An upper-case letter, a lower-case letter, a digit and a symbol',
      'Must not contain the username',
      `Must differ from the last ${p.historySize} passwords`,
    ],
  };
}

/** The first rule a password breaks, or null. History is checked by the users service. */
export function checkPassword(password: string, username: string): string | null {
  const p = PASSWORD_POLICY;
  if (password.length < p.minLength) return `Password must be at least ${p.minLength} characters`;
  if (password.length > p.maxLength) return `Password must be at most ${p.maxLength} characters`;
  if (!/[A-Z]/.test(password)) return 'Password must contain an upper-case letter';
  if (!/[a-z]/.test(password)) return 'Password must contain a lower-case letter';
  if (!/[0-9]/.test(password)) return 'Password must contain a digit';
  if (!/[^A-Za-z0-9]/.test(password)) return 'Password must contain a symbol';
  if (username && password.toLowerCase().includes(username.toLowerCase())) {
    return 'Password must not contain the username';
  }
  return null;
}
