import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

export type Bodies = ReadonlyMap<Encoding, Buffer>;

/** Below this, compressing saves less than it costs; the compress plugin uses it for everything else. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** 'fast' for what is made again while serving, where the first request waits for it. */
export function compressedOnce(body: Buffer, effort: 'best' | 'fast'): Bodies {
  if (body.length < COMPRESS_THRESHOLD_BYTES) return new Map([['identity', body]]);
  const best = effort === 'best';
  return new Map<Encoding, Buffer>([
    ['identity', body],
    ['br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } })],
    ['gzip', gzipSync(body, { level: best ? 9 : 6 })],
  ]);
}

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/** As compressedOnce at its best, in zlib's thread pool: made at start, it does not hold up the first answer. */
export async function compressedInBackground(body: Buffer): Promise<Bodies> {
  if (body.length < COMPRESS_THRESHOLD_BYTES) return new Map([['identity', body]]);
  const [br, gzipped] = await Promise.all([
    brotliLater(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipLater(body, { level: 9 }),
  ]);
  return new Map<Encoding, Buffer>([
    ['identity', body],
    ['br', br],
    ['gzip', gzipped],
  ]);
}

/**
 * Routes that use it opt out of the compress plugin (PRECOMPRESSED_ROUTE). `text`: the body as a
 * string, when the caller has one; Node sends a string in one write with the headers.
 */
export function sendBodies(bodies: Bodies, request: FastifyRequest, reply: FastifyReply, text?: string): FastifyReply {
  reply.header('Vary', 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted && bodies.size > 1 ? ((negotiate(accepted, [...bodies.keys()]) ?? 'identity') as Encoding) : 'identity';
  if (encoding !== 'identity') return reply.header('Content-Encoding', encoding).send(bodies.get(encoding));
  return reply.send(text ?? bodies.get('identity'));
}

export const PRECOMPRESSED_ROUTE = { compress: false, decompress: false } as const;
