import { z } from 'zod';
import { anyOf, call } from '../endpoint';
import { ZCeiling, ZLimitsList, ZLimitUpdate, ZPendingChange } from './limits.schemas';
import { P } from './permission-sets';

// Declared beyond section 7 (issue 38 item 7: ceilings). Who runs the platform sets them
// (system_management), under four eyes; who administers or views entities may read them.
export const limitEndpoints = {
  list: call(
    'POST',
    '/limits/list',
    'limits',
    'The ceilings in force at an entity (one cash entry, one money request; per asset and by value), each with where it comes from',
    anyOf('system_management', ...P.entityView.keys),
    ZLimitsList,
    z.array(ZCeiling),
  ),
  update: call(
    'POST',
    '/limits/update',
    'limits',
    'Ask for an entity’s own ceiling to be set or removed: a LIMIT request, applied when another person approves it',
    P.system,
    ZLimitUpdate,
    ZPendingChange,
  ),
} as const;
