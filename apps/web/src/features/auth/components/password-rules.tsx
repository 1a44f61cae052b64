import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { passwordRequirementsQuery } from '../api/auth.queries';

/** The server's password policy, so the rules shown are the rules enforced. */
export function PasswordRules() {
  const { t } = useTranslation();
  const rules = useQuery(passwordRequirementsQuery);
  if (!rules.data) return null;
  return (
    <div>
      <Text size="xs" fw={600}>
        {t('login.rulesTitle')}
      </Text>
      <List size="xs" c="dimmed">
        {rules.data.rules.map((r) => (
          <List.Item key={r}>{r}</List.Item>
        ))}
      </List>
    </div>
  );
}
