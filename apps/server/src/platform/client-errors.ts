import { type ServerOptions, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { describeStatus, type ErrorBody } from '@clearway/contracts/errors';

/** Node checks open connections against the time-outs on this interval at most (its default). */
const MAX_CHECK_INTERVAL_MS = 30_000;
/** Node's own limit for the request headers, kept unless the whole request must be quicker. */
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * Fastify leaves Node's request time-out off; this puts one back, so a client that sends a
 * request slowly (or never finishes it) gets 408 and its connection closes. Only receiving
 * the request counts: a slow handler or a long-lived stream is not cut off.
 */
export function requestTimeouts(requestTimeout: number): {
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: typeof answerClientError;
} {
  return {
    requestTimeout,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      // A quarter of the time-out, so a stalled request ends at most 25% late.
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, Math.ceil(requestTimeout / 4)),
    },
    clientErrorHandler: answerClientError,
  };
}

/** What Node reports about a request it could not read, as the answer (else 400). */
const ANSWER_TO: Record<string, { status: number; title?: string; message?: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request was not received in time' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    title: 'Request Header Fields Too Large',
    message: 'The request headers are too large',
  },
};

/**
 * A request Node could not read never reaches the routes or their error handler, so it is
 * answered here on the socket, in the same `{status,title,message}` shape as every other
 * error.
 */
function answerClientError(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, ...supplied } = ANSWER_TO[err.code ?? ''] ?? { status: 400 };
  const body: ErrorBody = { status, ...describeStatus(status, supplied) };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}
