import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientRoutes, isClientRoute } from '../../domain/client-routes';
import { FIRST_LOAD_ELEMENT_ID } from '../../domain/first-load';
import { messages } from '../../domain/messages';
import { type Bodies, compressedOnce, type Encoding, PRECOMPRESSED_ROUTE, sendBodies } from '../http/precompressed';
import { pagePreloads, withModulePreloads } from './page-preloads';

/** A built file and its precompressed forms, as sent. */
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

/** A page made at start from text: kept with its compressed forms, like the built files. */
function inMemoryPage(html: string, cacheControl: string): InMemoryFile {
  return { contentType: CONTENT_TYPES['.html'] ?? 'text/html', cacheControl, bodies: compressedOnce(Buffer.from(html), 'best') };
}

function sendInMemory(file: InMemoryFile, request: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', file.cacheControl).type(file.contentType);
  return sendBodies(file.bodies, request, reply);
}

/** Enough for the distinct first loads of one second (the clock inside moves by whole seconds). */
const MAX_FIRST_LOAD_PAGES = 32;

/**
 * index.html with a first load inside, compressed once and kept: the page is 25 kB with its
 * styles, and compressing it on every request (as the compress plugin would) cost more than
 * everything else the request does. Fast settings: it is made again every second.
 */
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

/**
 * Serves the built React app. index.html (the answer to `/` and every unknown page path) and the
 * hashed scripts and styles are read into memory at start, with their precompressed .br/.gz
 * forms: the build never changes under a running server, and streaming them from disk on every
 * request cost more than the requests themselves. Hashed files are cached for a year, index.html
 * revalidated on every load; anything else in the build (the logo, robots.txt) is served from
 * disk. A page path the app does not have gets the app with status 404 (it shows its own "not
 * found" page), so crawlers and link checkers see a missing page as missing; unknown API paths
 * get JSON 404.
 */
function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '';
}

export async function registerSpa(
  app: FastifyInstance,
  clientDir: string,
  { firstLoad }: { firstLoad?: (url: string) => Promise<string> } = {},
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
    // An exact route: the catch-all below would answer `/` as a directory. The landing page
    // carries its first data (today, the week) so it shows the schedule without asking for it;
    // if that cannot be had, the page asks as usual and says what went wrong.
    const indexHtml = indexPage.bodies.get('identity')?.toString('utf8') ?? '';
    const withFirstLoad = firstLoadPages(indexPage, indexHtml);
    app.get('/', PRECOMPRESSED_ROUTE, async (request, reply) => {
      if (!firstLoad) return sendInMemory(indexPage, request, reply);
      let json: string;
      try {
        json = await firstLoad(request.url);
      } catch (error) {
        request.log.error({ err: error }, 'the first load of / could not be read');
        return sendInMemory(indexPage, request, reply);
      }
      return sendInMemory(withFirstLoad(json), request, reply);
    });
    // A page opened directly fetches its own chunk beside the entry script (page-preloads.ts).
    const pageFor = new Map<string, InMemoryFile>();
    for (const [route, scripts] of pagePreloads(clientDir))
      pageFor.set(route, inMemoryPage(withModulePreloads(indexHtml, scripts), 'no-cache'));
    for (const [route, page] of pageFor) {
      if (route === clientRoutes.cancel) continue;
      app.get(route, PRECOMPRESSED_ROUTE, (request, reply) => sendInMemory(page, request, reply));
    }
    const cancelPage = pageFor.get(clientRoutes.cancel) ?? indexPage;
    // A cancel page's path is its secret: no search engine keeps it and no request from the page names it.
    // Fastify's parameter also takes '' and 'a.b', which no token is: those are missing pages.
    app.get(clientRoutes.cancel, PRECOMPRESSED_ROUTE, (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex');
      if (!isClientRoute(pathOf(request.url))) reply.status(404);
      return sendInMemory(cancelPage, request, reply);
    });
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
