import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One HTML page, compressed once at start as the build compresses the assets. */
export type Page = { html: string; br: Buffer; gzip: Buffer };

export function compressedPage(html: string): Page {
  const bytes = Buffer.from(html);
  return { html, br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(bytes, { level: 9 }) };
}

/** The smallest encoding the browser accepts; never cached, as it names the build's assets and depends on the cookie. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'cookie, accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
