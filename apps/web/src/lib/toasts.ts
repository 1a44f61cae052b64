import { notifications } from '@mantine/notifications';
import { toastFor } from './gateway';

/** The error toast of section 8 for any failed call. */
export function showErrorToast(err: unknown) {
  const { title, message } = toastFor(err);
  notifications.show({ color: 'red', title, message, withBorder: true });
}

export function showSuccessToast(title: string, message: string) {
  notifications.show({ color: 'teal', title, message, withBorder: true });
}
