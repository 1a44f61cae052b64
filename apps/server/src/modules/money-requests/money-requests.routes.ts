import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';
import { actingOn as on, serve } from '../../platform/routes';
import { MAX_PROOF_BYTES, ONLY_ONE, TOO_LARGE } from './file-proof';
import type { MoneyRequestsService } from './money-requests.service';

/** The single file of a multipart upload, refusing a second file and an oversized one. */
async function singleFile(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_PROOF_BYTES, files: 2 } })) {
    if (part.type !== 'file') continue;
    if (file) {
      await part.toBuffer().catch(() => undefined);
      throw new AppError('Conflict', 400, ONLY_ONE);
    }
    const data = await part.toBuffer().catch(() => null);
    if (!data || part.file.truncated) throw new AppError('PayloadTooLarge', 413, TOO_LARGE);
    file = data;
  }
  if (!file) throw badRequest('file: attach one file', { file: 'attach one file' });
  return file;
}

export function moneyRequestsRoutes(app: FastifyInstance, s: MoneyRequestsService) {
  const R = API.requests;
  serve(app, R.withdrawalFiat, (c) => s.withdrawFiat(on(c), c.idempotencyKey, c.body));
  serve(app, R.withdrawalCrypto, (c) => s.withdrawCrypto(on(c), c.idempotencyKey, c.body));
  serve(app, R.depositFiat, (c) => s.depositFiat(on(c), c.idempotencyKey, c.body));
  serve(app, R.depositCrypto, (c) => s.depositCrypto(on(c), c.idempotencyKey, c.body));
  serve(app, R.internalTransfer, (c) => s.internalTransfer(on(c), c.idempotencyKey, c.body));
  serve(app, R.list, (c) => s.list(on(c).entityId, c.body));
  serve(app, R.pending, (c) => s.pending(on(c), c.held!, c.body.limit, c.body.offset));
  serve(app, R.uploadTransactionHash, (c) =>
    s.addTransactionHash(on(c), c.body.requestId, c.body.transactionHash),
  );
  serve(app, R.uploadFileProof, async (c) => s.attachProof(on(c), c.params.id, await singleFile(c.request)));
  serve(app, R.fileProof, async (c) => {
    const proof = await s.proof(on(c), c.body.requestId);
    // Always a download, never rendered: the bytes are the user's, not ours.
    c.reply
      .type(proof.mime)
      .header('Content-Disposition', `attachment; filename="${proof.storedName}.${proof.ext}"`)
      .header('Cache-Control', 'no-store');
    return c.reply.send(proof.data) as never;
  });
}
