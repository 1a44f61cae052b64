import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const MODE_POLL_MS = 30_000;

export const platformKeys = { serverMode: ['server', 'mode'] as const };

/** Whether the platform is in maintenance, polled so a switch reaches every open portal. */
export const serverModeQuery = queryOptions({
  queryKey: platformKeys.serverMode,
  queryFn: () => api(API.platform.serverMode),
  refetchInterval: MODE_POLL_MS,
});
