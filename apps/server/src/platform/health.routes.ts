import { API } from '@clearway/contracts/endpoint-table';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db';
import { AppError } from './errors';
import { serve } from './routes';

export function healthRoutes(app: FastifyInstance, db: Db) {
  serve(app, API.platform.health, async () => ({ status: 'ok' as const }));
  serve(app, API.platform.ready, async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw new AppError('Internal', 503, 'The database is not reachable');
    }
    return { status: 'ready' as const, database: 'up' as const };
  });
}
