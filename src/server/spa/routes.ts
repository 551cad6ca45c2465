import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientRoutes, isClientRoute } from '../../domain/booking/client-routes';
import { FIRST_LOAD_ELEMENT_ID } from '../../domain/booking/first-load';
import { messages } from '../../domain/text/messages';
import { findStorageFault, type StorageHealth } from '../health/storage-health';
import { type Bodies, compressedInBackground, compressedOnce, type Encoding, PRECOMPRESSED_ROUTE, sendBodies } from '../http/precompressed';
import { pagePreloads, withModulePreloads } from './page-preloads';

interface InMemoryFile {
  contentType: string;
  cacheControl: string;
  bodies: Bodies;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

function readInMemory(path: string, cacheControl: string): InMemoryFile {
  const bodies = new Map<Encoding, Buffer>([['identity', readFileSync(path)]]);
  if (existsSync(`${path}.br`)) bodies.set('br', readFileSync(`${path}.br`));
  if (existsSync(`${path}.gz`)) bodies.set('gzip', readFileSync(`${path}.gz`));
  const extension = path.slice(path.lastIndexOf('.'));
  return { contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', cacheControl, bodies };
}

// Ten pages at Brotli's best took 300 ms of start-up; their first requests wait for them instead.
async function inMemoryPage(html: string, cacheControl: string): Promise<InMemoryFile> {
  return { contentType: CONTENT_TYPES['.html'] ?? 'text/html', cacheControl, bodies: await compressedInBackground(Buffer.from(html)) };
}

/** Made at the first call and kept; a failure is a failure of each of the page's requests, answered as errors. */
function madeOnce(make: () => Promise<InMemoryFile>): () => Promise<InMemoryFile> {
  let made: Promise<InMemoryFile> | undefined;
  return () => {
    if (!made) {
      made = make();
      made.catch(() => {});
    }
    return made;
  };
}

function sendInMemory(file: InMemoryFile, request: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', file.cacheControl).type(file.contentType);
  return sendBodies(file.bodies, request, reply);
}

// Enough for the distinct first loads of one second (the clock inside moves by whole seconds).
const MAX_FIRST_LOAD_PAGES = 32;

// Compressed once and kept: compressing the 25 kB page on every request cost more than the rest of it.
function firstLoadPages(indexPage: InMemoryFile, html: string): (json: string) => InMemoryFile {
  const pages = new Map<string, InMemoryFile>();
  return (json) => {
    let page = pages.get(json);
    if (!page) {
      const element = `<script type="application/json" id="${FIRST_LOAD_ELEMENT_ID}">${json}</script>`;
      const body = Buffer.from(html.replace('<div id="root"></div>', `<div id="root"></div>${element}`));
      const bodies = compressedOnce(body, 'fast');
      page = { ...indexPage, bodies };
      if (pages.size >= MAX_FIRST_LOAD_PAGES) pages.clear();
      pages.set(json, page);
    }
    return page;
  };
}

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '';
}

// index.html and the hashed files are kept in memory: streaming them from disk cost more than the
// requests (docs/decisions/0014). An unknown page path gets the app with status 404.
export async function registerSpa(
  app: FastifyInstance,
  clientDir: string,
  {
    firstLoad,
    ceilingDir,
    storageHealth,
  }: { firstLoad?: (url: string) => Promise<string>; ceilingDir?: string | undefined; storageHealth?: StorageHealth } = {},
): Promise<void> {
  const hasBuild = existsSync(join(clientDir, 'index.html'));
  const indexPage = hasBuild ? readInMemory(join(clientDir, 'index.html'), 'no-cache') : undefined;
  if (indexPage) {
    const assetsDir = join(clientDir, 'assets');
    const hashed = existsSync(assetsDir) ? readdirSync(assetsDir).filter((name) => /\.(js|css)$/.test(name)) : [];
    for (const name of hashed) {
      const file = readInMemory(join(assetsDir, name), 'public, max-age=31536000, immutable');
      app.get(`/assets/${name}`, PRECOMPRESSED_ROUTE, (request, reply) => sendInMemory(file, request, reply));
    }
    // An exact route: the catch-all below would answer `/` as a directory. Without its first load the page asks for the schedule itself.
    const indexHtml = indexPage.bodies.get('identity')?.toString('utf8') ?? '';
    const withFirstLoad = firstLoadPages(indexPage, indexHtml);
    app.get('/', PRECOMPRESSED_ROUTE, async (request, reply) => {
      if (!firstLoad) return sendInMemory(indexPage, request, reply);
      let json: string;
      try {
        json = await firstLoad(request.url);
      } catch (error) {
        // A known outage is one line in all (StorageHealth), not a stack per page.
        const fault = findStorageFault(error);
        if (fault && storageHealth) storageHealth.report(fault, error, request.log);
        else request.log.error({ err: error }, 'the first load of / could not be read');
        return sendInMemory(indexPage, request, reply);
      }
      return sendInMemory(withFirstLoad(json), request, reply);
    });
    // Brotli at its best for ten pages holds the main thread some 60 ms (the streams' set-up and teardown): begun once the server listens,
    // after its first answer; a request that comes sooner begins its own page.
    const pageFor = new Map<string, () => Promise<InMemoryFile>>();
    for (const [route, scripts] of pagePreloads(clientDir)) {
      pageFor.set(
        route,
        madeOnce(() => inMemoryPage(withModulePreloads(indexHtml, scripts), 'no-cache')),
      );
    }
    const cancelRoutes: string[] = [clientRoutes.cancel, clientRoutes.oldCancel];
    for (const [route, page] of pageFor) {
      if (cancelRoutes.includes(route)) continue;
      app.get(route, PRECOMPRESSED_ROUTE, async (request, reply) => sendInMemory(await page(), request, reply));
    }
    // A cancel page holds a secret (in its fragment, or in an old link's path): no cache or search engine keeps it and no request from the
    // page names it. Fastify's parameter also takes 'a.b', which no token is: a missing page.
    for (const route of cancelRoutes) {
      const page = pageFor.get(route);
      const cancelPage = madeOnce(async () => ({ ...(page ? await page() : indexPage), cacheControl: 'no-store' }));
      pageFor.set(route, cancelPage);
      app.get(route, PRECOMPRESSED_ROUTE, async (request, reply) => {
        reply.header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex');
        if (!isClientRoute(pathOf(request.url))) reply.status(404);
        return sendInMemory(await cancelPage(), request, reply);
      });
    }
    app.addHook('onListen', async () => {
      for (const page of pageFor.values()) void page();
    });
    if (ceilingDir) registerCeilingPages(app, ceilingDir);
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      // One catch-all route, below the exact routes of the in-memory files.
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed file (an old page after a deploy) must fail as a file, not load the SPA as script.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets)(\/|$)/.test(request.url);
    if (indexPage && isPage) {
      if (!isClientRoute(pathOf(request.url))) reply.status(404);
      return sendInMemory(indexPage, request, reply);
    }
    return reply.status(404).send({ message: messages.notFound });
  });
}

/**
 * The Lighthouse bench's ceiling: a page's visible content as static HTML without scripts, written
 * by scripts/lighthouse.mjs after the server started, answered with the headers of every page.
 */
function registerCeilingPages(app: FastifyInstance, dir: string): void {
  app.get<{ Params: { name: string } }>('/ceiling/:name', (request, reply) => {
    const path = join(dir, request.params.name);
    if (!/^[a-z-]+\.html$/.test(request.params.name) || !existsSync(path)) return reply.status(404).send({ message: messages.notFound });
    return reply
      .header('Cache-Control', 'no-cache')
      .type(CONTENT_TYPES['.html'] ?? 'text/html')
      .send(readFileSync(path));
  });
}
