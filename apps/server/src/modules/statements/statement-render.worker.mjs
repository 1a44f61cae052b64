// The worker's entry: registers tsx (the server's TypeScript loader) in this thread, then
// loads the renderer — a worker thread does not inherit the main thread's module hooks.
import { register } from 'tsx/esm/api';

register();
await import('./statement-render.worker.ts');
