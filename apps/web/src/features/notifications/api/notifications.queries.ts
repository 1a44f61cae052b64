import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './notifications.keys';

/** The newest `limit` stored notifications, the total and the unread count (from the server). */
export const notificationsQuery = (limit: number) =>
  queryOptions({
    queryKey: notificationKeys.list(limit),
    queryFn: () => api(API.platform.notificationList, { payload: { limit, offset: 0 } }),
  });
