import { API } from '@clearway/contracts/endpoint-table';
import { api } from '../../../lib/api';
import { GatewayError } from '../../../lib/gateway';
import { proofProblem } from '../proof-check';

/**
 * Uploads a request's one file proof after the section 5 checks (same messages as the
 * server). @throws GatewayError with the section 5 message or the server's answer
 */
export async function uploadProof(requestId: number, entityId: number, file: File): Promise<void> {
  const problem = await proofProblem([file]);
  if (problem) throw new GatewayError(400, 'Invalid Request', problem);
  const form = new FormData();
  form.append('file', file);
  await api(API.requests.uploadFileProof, { params: { id: requestId }, query: { entityId }, payload: form });
}

/** Saves the request's proof as the attachment the server sends. */
export async function downloadProof(requestId: number, entityId: number): Promise<void> {
  const file = (await api(API.requests.fileProof, { payload: { entityId, requestId } })) as {
    data: ArrayBuffer;
    contentType: string;
  };
  const url = URL.createObjectURL(new Blob([file.data], { type: file.contentType }));
  Object.assign(document.createElement('a'), { href: url, download: `proof-${requestId}` }).click();
  URL.revokeObjectURL(url);
}
