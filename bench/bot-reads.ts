// `npx tsx bench/bot-reads.ts [DIR]`: the owner's `/jadwal`, `/besok` and `/sekarang` answered in process on the bench's
// 60 days alone and under five years of history (bench/years.ts), the median of 200 calls each after 50 that warm up. The bot's answers
// go through Telegram, which the HTTP bench cannot wait for, so they are timed here. The files in DIR are reused when they exist.
import { existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { todayIn } from '../src/domain/time/clock';
import { scheduleCommands } from '../src/server/owner/commands';
import type { ChatMessage } from '../src/server/telegram/bot/routes';
import { seedBenchData } from './dataset';
import { seedYears } from './years';

const TIME_ZONE = 'Asia/Jakarta';
const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'pinjam-bot-'));
const now = new Date();
const today = todayIn(TIME_ZONE, now);
const COMMANDS = ['/jadwal', '/besok', '/sekarang'];

async function open(name: string, years: number): Promise<Db> {
  const path = join(dir, name);
  const fresh = !existsSync(path);
  const db = createDb({ engine: 'sqlite', path });
  if (fresh) {
    await migrateToLatest(db);
    await seedBenchData(db, today);
    if (years > 0) await seedYears(db, today, years);
  }
  return db;
}

/** Median milliseconds of 200 answers to `command`, after 50 that warm the JIT and the statement cache. */
async function timeCommand(db: Db, command: string): Promise<number> {
  const handler = scheduleCommands({ db, now: () => now, timeZone: TIME_ZONE, graceMinutes: 15 })[command];
  if (!handler) throw new Error(`no handler for ${command}`);
  let answered = '';
  const message: ChatMessage = {
    updateKey: 'bench',
    chatId: 'owner',
    text: command,
    argument: '',
    replyTo: undefined,
    reply: async (answer) => {
      answered = answer.text;
    },
  };
  for (let run = 0; run < 50; run += 1) await handler(message);
  if (answered === '') throw new Error(`${command} gave no answer`);
  const runs: number[] = [];
  for (let run = 0; run < 200; run += 1) {
    const started = performance.now();
    await handler(message);
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  return Math.round((runs[100] ?? 0) * 100) / 100;
}

const results: Record<string, Record<string, number>> = {};
const loadBefore = loadavg()[0];
// The first pass only warms the process, so neither data set is timed on a cold JIT.
for (const [label, name, years] of [
  ['warmUp', 'empty.db', 0],
  ['empty', 'empty.db', 0],
  ['fiveYears', 'years.db', 5],
] as const) {
  const db = await open(name, years);
  results[label] = {};
  for (const command of COMMANDS) (results[label] as Record<string, number>)[command] = await timeCommand(db, command);
  await db.close();
}
const ratios = Object.fromEntries(
  COMMANDS.map((command) => [command, Math.round(((results.fiveYears?.[command] ?? 0) / (results.empty?.[command] || 1)) * 100) / 100]),
);
delete results.warmUp;
console.log(JSON.stringify({ dir, today, loadBefore, loadAfter: loadavg()[0], ms: results, fiveYearsOverEmpty: ratios }));
