import { parentPort } from 'node:worker_threads';
import { type StatementContent, statementDocument } from './statement-document';
import { renderPdf } from './statement-pdf';

// Renders statements' PDFs, one message at a time, off the server's event loop (see
// statement-renderer.ts).
parentPort!.on('message', async ({ id, content }: { id: number; content: StatementContent }) => {
  try {
    const pdf = await renderPdf(statementDocument(content));
    parentPort!.postMessage({ id, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
