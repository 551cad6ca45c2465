import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';

// The layering rules live in biome.json (docs/decisions/0011-layering-enforced.md). These probes
// are real files in the layers' folders, linted with the project's own configuration, so the
// rules are proven where they apply and only there.

const RESTRICTED = 'lint/style/noRestrictedImports';
const NODE_BUILTIN = 'lint/correctness/noNodejsModules';
const FILE_NAME = 'lint/style/useFilenamingConvention';

/** Each import on its own line, so a diagnostic's line names the import it is about. */
const DOMAIN_IMPORTS: [string, string][] = [
  ["import { readFileSync } from 'node:fs';", NODE_BUILTIN],
  ["import { randomBytes } from 'crypto';", NODE_BUILTIN],
  ["import { Kysely } from 'kysely';", RESTRICTED],
  ["import { sql } from 'kysely/helpers/postgres';", RESTRICTED],
  ["import { useState } from 'react';", RESTRICTED],
  ["import { useLocation } from 'wouter';", RESTRICTED],
  ["import { fastify } from 'fastify';", RESTRICTED],
  ["import { fastifyCookie } from '@fastify/cookie';", RESTRICTED],
  ["import { Pool } from 'pg';", RESTRICTED],
  ["import type { AppContext } from '../server/context';", RESTRICTED],
  ["import type { Database } from '../db/schema';", RESTRICTED],
  ["import { callApi } from '../client/lib/http';", RESTRICTED],
];

const CLIENT_IMPORTS: [string, string][] = [
  ["import type { AppContext } from '../../server/context';", RESTRICTED],
  ["import { parseOrThrow } from '../../server/http-errors';", RESTRICTED],
  ["import type { Database } from '../../db/schema';", RESTRICTED],
  ["import { join } from 'node:path';", NODE_BUILTIN],
  ["import { Kysely } from 'kysely';", RESTRICTED],
];

const probes: string[] = [];

function probe(folder: string, imports: [string, string][], name = `layering-probe-${process.pid}.ts`): string {
  mkdirSync(folder, { recursive: true });
  const path = `${folder}/${name}`;
  const names = imports.map(([line]) => /import (?:type )?\{ (\w+) \}/.exec(line)?.[1]);
  writeFileSync(path, `${imports.map(([line]) => line).join('\n')}\n\nexport const used = [${names.join(', ')}];\n`);
  probes.push(path);
  return path;
}

type Diagnostic = { category: string; location: { path: string; start: { line: number } } };

/** The layering diagnostics biome reports for `paths`, as `path:line category`. */
function lint(paths: string[]): string[] {
  let output: string;
  try {
    output = execFileSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'lint', '--reporter=json', ...paths], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Exit status 1 is what a found error gives; its report is on stdout all the same.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as { diagnostics: Diagnostic[] };
  return report.diagnostics
    .filter((diagnostic) => [RESTRICTED, NODE_BUILTIN, FILE_NAME].includes(diagnostic.category))
    .map((diagnostic) => `${diagnostic.location.path}:${diagnostic.location.start.line} ${diagnostic.category}`)
    .sort();
}

const expected = (path: string, imports: [string, string][]) => imports.map(([, category], index) => `${path}:${index + 1} ${category}`);

// Each test starts biome: on a loaded CI machine one start took over the default 5 s.
describe('layering enforced by biome', { timeout: 30_000 }, () => {
  afterAll(() => {
    for (const path of probes) rmSync(path, { force: true });
    rmSync(`src/server/layering-probe-${process.pid}`, { recursive: true, force: true });
  });

  it('refuses in src/domain every import of Node, a database, React, Fastify or another layer', () => {
    const path = probe('src/domain', DOMAIN_IMPORTS);
    expect(lint([path])).toEqual(expected(path, DOMAIN_IMPORTS).sort());
  });

  it('refuses in src/client every import of server or database code and of Node', () => {
    const path = probe('src/client/lib', CLIENT_IMPORTS);
    expect(lint([path])).toEqual(expected(path, CLIENT_IMPORTS).sort());
  });

  it('lets the server import all of it', () => {
    const serverImports = DOMAIN_IMPORTS.filter(([line]) => !line.includes('/client/')).map(([line]): [string, string] => [
      line.replace("'../server/", "'./"),
      '',
    ]);
    const path = probe('src/server', serverImports);
    expect(lint([path])).toEqual([]);
  });

  it("refuses in a route any import of a repository, its own or another feature's, and lets it import services", () => {
    const folder = `src/server/layering-probe-${process.pid}`;
    const routeImports: [string, string][] = [
      ["import { findStoredBooking } from './repository';", RESTRICTED],
      ["import { listRosterEntries } from '../roster/repository';", RESTRICTED],
      ["import { findStoredAnswer } from '../bookings/create/idempotency-repository';", RESTRICTED],
      ["import { listRoster } from '../roster/service';", ''],
    ];
    for (const name of ['routes.ts', 'cancel-routes.ts']) {
      const path = probe(folder, routeImports, name);
      expect(lint([path])).toEqual(expected(path, routeImports.slice(0, 3)).sort());
    }
    const service = probe(folder, routeImports, 'service.ts');
    expect(lint([service])).toEqual([]);
  });

  it('refuses in a client feature any import of another feature, and lets it import lib, components and its own files', () => {
    const featureImports: [string, string][] = [
      ["import { fetchRoster } from '../booking/api';", RESTRICTED],
      ["import { MyBookingsCard } from '../self-service/my-bookings-card';", RESTRICTED],
      ["import { loginAdmin } from '../../features/admin/api';", RESTRICTED],
      ["import { callApi } from '../../lib/http';", ''],
      ["import { Dialog } from '../../components/dialog';", ''],
      ["import { createBooking } from './api';", ''],
    ];
    const path = probe('src/client/features/availability', featureImports);
    expect(lint([path])).toEqual(expected(path, featureImports.slice(0, 3)).sort());
    const page = probe(
      'src/client/pages',
      featureImports.slice(0, 3).map(([line]): [string, string] => [line.replace("'../", "'../features/"), '']),
    );
    expect(lint([page])).toEqual([]);
  });

  it('refuses a file name that is not kebab-case, outside the migrations', () => {
    const folder = `src/server/layering-probe-${process.pid}`;
    const camel = probe(folder, [], 'bookingLock.ts');
    const snake = probe(folder, [], 'booking_lock.ts');
    const kebab = probe(folder, [], 'booking-lock.ts');
    expect(lint([camel, snake, kebab])).toEqual([`${camel}:0 ${FILE_NAME}`, `${snake}:0 ${FILE_NAME}`].sort());
    expect(lint(['src/db/migrations/2026_11_22_0001_spec_tables.ts'])).toEqual([]);
  });
});
