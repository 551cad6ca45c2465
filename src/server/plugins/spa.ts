import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';

/**
 * Serves the built React app: hashed assets cached for a year, index.html revalidated on every
 * load, precompressed .br/.gz files when the build made them. Unknown page paths get the SPA;
 * unknown API paths get JSON 404.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasBuild = existsSync(join(clientDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    if (hasBuild && isPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: messages.notFound });
  });
}
