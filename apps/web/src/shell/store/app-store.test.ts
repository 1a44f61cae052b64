import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from './app-store';
import { PERSISTED_STATE_KEY } from './persisted-state';

const notice = (id: number, read = false) => ({
  id,
  title: `Notice ${id}`,
  message: 'stored',
  link: '/deposit-and-withdrawals/requests',
  createdAt: '2026-11-24T09:00:00.000Z',
  read,
});
const flags = () =>
  Object.fromEntries(useAppStore.getState().notifications.list.map((n) => [n.id, n.visited]));

describe('the notification centre’s persisted state (sections 3 and 4)', () => {
  beforeEach(() => useAppStore.getState().reset());

  it('starts a notification it has not seen as not visited, and the centre as not visited', () => {
    useAppStore.getState().syncNotifications([notice(2), notice(1)]);
    expect(flags()).toEqual({ 1: false, 2: false });
    expect(useAppStore.getState().notifications.visited).toBe(false);
  });

  it('keeps each known notification’s visited flag when the stored list is loaded again', () => {
    useAppStore.getState().syncNotifications([notice(1)]);
    useAppStore.getState().markNotificationsVisited();
    useAppStore.getState().syncNotifications([notice(3), notice(1)]);
    expect(flags()).toEqual({ 1: true, 3: false });
  });

  it('counts one its recipient already read (in another browser) as visited', () => {
    useAppStore.getState().syncNotifications([notice(4, true)]);
    expect(flags()).toEqual({ 4: true });
    expect(useAppStore.getState().notifications.visited).toBe(true);
  });

  it('keeps the list, visited and opened flags in the persisted state', async () => {
    useAppStore.getState().syncNotifications([notice(5)]);
    await Promise.resolve();
    const saved = JSON.parse(localStorage.getItem(PERSISTED_STATE_KEY)!);
    expect(saved.state.notifications).toMatchObject({
      list: [{ id: '5', visited: false }],
      visited: false,
      opened: false,
    });
  });
});
