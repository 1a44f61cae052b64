/** The session and what the sign-in screens read before one exists. */
export const authKeys = {
  session: ['auth', 'session'] as const,
  passwordRequirements: ['auth', 'password-requirements'] as const,
};
