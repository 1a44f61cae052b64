import { notifications } from '@mantine/notifications';

/** One notice per refusal: a second redirect (StrictMode, a quick re-render) replaces it. */
const ID = 'forbidden-route';

/**
 * Says why the user landed on `/` instead of the page they asked for (the 403 screen's
 * title, the page and the entity), rather than leaving them to guess.
 */
export function showForbiddenRoute(title: string, message: string) {
  notifications.hide(ID);
  notifications.show({ id: ID, color: 'red', title, message, withBorder: true, autoClose: 8000 });
}
