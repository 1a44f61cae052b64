import { Button, Center, Stack, Text, Title } from '@mantine/core';
import i18n from 'i18next';
import { Component, type ReactNode } from 'react';

type State = { failed: boolean };

/**
 * The full-page fallback for an error nothing else caught. It uses a plain page load to go
 * home, since the router itself may be what failed.
 */
export class InternalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Unhandled UI error', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <InternalErrorPage />;
  }
}

export function InternalErrorPage() {
  return (
    <Center component="main" mih="100vh" p="xl" role="alert">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1}>{i18n.t('errors.internalErrorTitle')}</Title>
        <Text c="dimmed">{i18n.t('errors.internalErrorText')}</Text>
        <Button onClick={() => window.location.assign('/')}>{i18n.t('errors.goHome')}</Button>
      </Stack>
    </Center>
  );
}
