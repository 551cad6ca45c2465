import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages';

type Encoding = 'br' | 'gzip' | 'identity';

/** index.html and its precompressed forms, read once: it is the answer to every page path. */
function readIndexPage(clientDir: string): Map<Encoding, Buffer> {
  const page = new Map<Encoding, Buffer>([['identity', readFileSync(join(clientDir, 'index.html'))]]);
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    const path = join(clientDir, `index.html${suffix}`);
    if (existsSync(path)) page.set(encoding, readFileSync(path));
  }
  return page;
}

/**
 * Serves the built React app: hashed assets cached for a year, precompressed .br/.gz files when
 * the build made them, and index.html, revalidated on every load, from memory for `/` and every
 * unknown page path. Unknown API paths get JSON 404.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasBuild = existsSync(join(clientDir, 'index.html'));
  const indexPage = hasBuild ? readIndexPage(clientDir) : undefined;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendIndexPage = (page: Map<Encoding, Buffer>, request: FastifyRequest, reply: FastifyReply) => {
    const encoding = (negotiate(request.headers['accept-encoding'] ?? '', [...page.keys()]) ?? 'identity') as Encoding;
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(page.get(encoding));
  };
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    if (indexPage && isPage) return sendIndexPage(indexPage, request, reply);
    return reply.status(404).send({ message: messages.notFound });
  });
}
