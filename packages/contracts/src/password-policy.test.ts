import { describe, expect, it } from 'vitest';
import {
  checkPasswordRules,
  describePasswordPolicy,
  type PasswordPolicy,
  passwordProblem,
} from './password-policy';

const POLICY: PasswordPolicy = {
  minLength: 12,
  maxLength: 128,
  requireUppercase: true,
  requireLowercase: true,
  requireDigit: true,
  requireSymbol: true,
  notUsername: true,
  historySize: 5,
};

const met = (password: string, username?: string) =>
  Object.fromEntries(checkPasswordRules(POLICY, password, username).map((r) => [r.id, r.met]));

describe('the password policy, checked the same way by the server and live in the browser', () => {
  it('tells each rule met or not as the password grows', () => {
    expect(met('abc')).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      digit: false,
      symbol: false,
      username: null,
      history: null,
    });
    expect(met('Abcdefghij-12', 'jane')).toMatchObject({
      length: true,
      uppercase: true,
      symbol: true,
      username: true,
    });
    expect(met('Jane.doe-2026!', 'jane')).toMatchObject({ username: false });
  });

  it('refuses with the first broken rule, worded as the server refuses it', () => {
    expect(passwordProblem(POLICY, 'short')).toBe('Password must be at least 12 characters');
    expect(passwordProblem(POLICY, 'abcdefghijkl1!')).toBe('Password must contain an upper-case letter');
    expect(passwordProblem(POLICY, 'Abcdefghijkl1!', 'ghij')).toBe('Password must not contain the username');
    expect(passwordProblem(POLICY, 'Abcdefghijkl1!', 'jane')).toBeNull();
  });

  it('keeps only the rules a policy sets', () => {
    const lax = { ...POLICY, requireSymbol: false, notUsername: false, historySize: 0 };
    expect(checkPasswordRules(lax, 'x').map((r) => r.id)).toEqual([
      'length',
      'uppercase',
      'lowercase',
      'digit',
    ]);
    expect(passwordProblem(lax, 'Abcdefghijkl1')).toBeNull();
  });

  it('describes the policy in the lines the requirements call reports', () => {
    expect(describePasswordPolicy(POLICY)).toEqual([
      'At least 12 and at most 128 characters',
      'An upper-case letter, a lower-case letter, a digit and a symbol',
      'Must not contain the username',
      'Must differ from the last 5 passwords',
    ]);
  });
});
