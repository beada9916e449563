/**
 * What a request log line says about the request (Fastify's `req` serializer) — the default fields,
 * with the value of `?token=` replaced: a feed token in a stream's URL is a credential for up to
 * 10 minutes (CONTRACT §7.2) and must not be written to logs.
 */
import type { FastifyRequest } from 'fastify';

/** `url` with every `token` query value replaced by `[redacted]`. */
export const redactTokens = (url: string): string => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

export function requestLogValue(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactTokens(req.url),
    version: [req.headers?.['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
