/**
 * A password policy as the server enforces it and `GET auth/reset-password-requirements`
 * reports it. The checks live here once: the server refuses with them, and the web checks
 * each rule live, as the user types, against the policy the server sent.
 */
export type PasswordPolicy = {
  minLength: number;
  maxLength: number;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireDigit: boolean;
  requireSymbol: boolean;
  notUsername: boolean;
  historySize: number;
};

/** One rule as a person reads it; `met` is null where it cannot be told here (past passwords). */
export type PasswordRuleCheck = { id: string; text: string; met: boolean | null };

type Rule = {
  id: string;
  applies: (p: PasswordPolicy) => boolean;
  text: (p: PasswordPolicy) => string;
  /** Whether the password keeps the rule; undefined when the rule needs what is not known. */
  keeps: (password: string, p: PasswordPolicy, username?: string) => boolean | undefined;
  /** The refusal when it does not. */
  broken: (password: string, p: PasswordPolicy) => string;
};

const RULES: readonly Rule[] = [
  {
    id: 'length',
    applies: () => true,
    text: (p) => `At least ${p.minLength} and at most ${p.maxLength} characters`,
    keeps: (s, p) => s.length >= p.minLength && s.length <= p.maxLength,
    broken: (s, p) =>
      s.length < p.minLength
        ? `Password must be at least ${p.minLength} characters`
        : `Password must be at most ${p.maxLength} characters`,
  },
  {
    id: 'uppercase',
    applies: (p) => p.requireUppercase,
    text: () => 'An upper-case letter',
    keeps: (s) => /[A-Z]/.test(s),
    broken: () => 'Password must contain an upper-case letter',
  },
  {
    id: 'lowercase',
    applies: (p) => p.requireLowercase,
    text: () => 'A lower-case letter',
    keeps: (s) => /[a-z]/.test(s),
    broken: () => 'Password must contain a lower-case letter',
  },
  {
    id: 'digit',
    applies: (p) => p.requireDigit,
    text: () => 'A digit',
    keeps: (s) => /[0-9]/.test(s),
    broken: () => 'Password must contain a digit',
  },
  {
    id: 'symbol',
    applies: (p) => p.requireSymbol,
    text: () => 'A symbol',
    keeps: (s) => /[^A-Za-z0-9]/.test(s),
    broken: () => 'Password must contain a symbol',
  },
  {
    id: 'username',
    applies: (p) => p.notUsername,
    text: () => 'Must not contain the username',
    keeps: (s, _p, username) =>
      username === undefined ? undefined : !username || !s.toLowerCase().includes(username.toLowerCase()),
    broken: () => 'Password must not contain the username',
  },
];

/** Each rule of the policy and whether `password` keeps it (the last few passwords: unknown here). */
export function checkPasswordRules(
  p: PasswordPolicy,
  password: string,
  username?: string,
): PasswordRuleCheck[] {
  const checks: PasswordRuleCheck[] = RULES.filter((r) => r.applies(p)).map((r) => ({
    id: r.id,
    text: r.text(p),
    met: r.keeps(password, p, username) ?? null,
  }));
  if (p.historySize > 0)
    checks.push({ id: 'history', text: `Must differ from the last ${p.historySize} passwords`, met: null });
  return checks;
}

/** The first rule `password` breaks, worded as the server refuses it, or null. History is the server's. */
export function passwordProblem(p: PasswordPolicy, password: string, username?: string): string | null {
  const rule = RULES.find((r) => r.applies(p) && r.keeps(password, p, username) === false);
  return rule ? rule.broken(password, p) : null;
}

/** The policy in a few lines, as the requirements call reports them. */
export function describePasswordPolicy(p: PasswordPolicy): string[] {
  const kinds = [
    p.requireUppercase && 'an upper-case letter',
    p.requireLowercase && 'a lower-case letter',
    p.requireDigit && 'a digit',
    p.requireSymbol && 'a symbol',
  ].filter((k): k is string => Boolean(k));
  const listed = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : kinds[0];
  return [
    `At least ${p.minLength} and at most ${p.maxLength} characters`,
    ...(listed ? [listed.charAt(0).toUpperCase() + listed.slice(1)] : []),
    ...(p.notUsername ? ['Must not contain the username'] : []),
    ...(p.historySize > 0 ? [`Must differ from the last ${p.historySize} passwords`] : []),
  ];
}
