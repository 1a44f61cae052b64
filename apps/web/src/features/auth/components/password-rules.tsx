import { checkPasswordRules } from '@clearway/contracts/password-policy';
import { Group, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { passwordRequirementsQuery } from '../api/auth.queries';

/**
 * The server's password policy, each rule ticked off live as the new password is typed —
 * checked with the same rules the server refuses with (contracts). A rule the browser
 * cannot tell (the last few passwords; the username on a reset link) stays a note.
 */
export function PasswordRules({ password, username }: { password: string; username?: string }) {
  const { t } = useTranslation();
  const policy = useQuery(passwordRequirementsQuery);
  if (!policy.data) return null;
  const checks = checkPasswordRules(policy.data, password, username);
  return (
    <div>
      <Text size="xs" fw={600} id="password-rules-title">
        {t('login.rulesTitle')}
      </Text>
      <List size="xs" spacing={2} listStyleType="none" aria-labelledby="password-rules-title">
        {checks.map((r) => (
          <List.Item key={r.id} data-rule={r.id} data-met={r.met === null ? undefined : String(r.met)}>
            <Group gap={6} wrap="nowrap">
              <ThemeIcon
                size={16}
                radius="xl"
                variant={r.met ? 'filled' : 'light'}
                color={r.met ? 'teal.8' : 'gray'}
                aria-hidden
              >
                {r.met ? (
                  <IconCheck size={12} />
                ) : r.met === null ? (
                  <IconInfoCircle size={12} />
                ) : (
                  <IconCircle size={10} />
                )}
              </ThemeIcon>
              <Text size="xs" c={r.met ? 'teal.9' : 'dimmed'}>
                {r.text}
                {r.met !== null && (
                  <VisuallyHidden>{` (${t(r.met ? 'login.ruleMet' : 'login.ruleNotMet')})`}</VisuallyHidden>
                )}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
