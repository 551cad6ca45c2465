import { addDays } from '../../src/domain/time/clock';
import type { Bike } from './bikes';
import type { SimOptions } from './cli';
import type { Evidence } from './evidence';
import { type Answer, send, undecided } from './http';
import type { Random } from './prng';
import type { ClassRoster } from './roster';
import type { AgendaItem, Loan, Student } from './state';
import { hhmm, instantOf, wallOf, wallParts } from './time';
import type { Instance, World } from './world';

/** The last actions a failing run prints. */
const TAIL = 20;
const SEND_WAIT_MS = 20_000;

/** The simulation's state: the world it drives, what it did and what it saw. */
export class Sim {
  readonly log: string[] = [];
  readonly counts = new Map<string, number>();
  readonly faults = new Map<string, number>();
  readonly loans: Loan[] = [];
  readonly students: Student[];
  /** The active bikes in the Motor tab's order: only the first unless `--bikes`. */
  readonly bikes: Bike[] = [];
  readonly faultWindows: { from: number; to: number }[] = [];
  readonly evidence: Evidence;
  private agenda: AgendaItem[] = [];
  private order = 0;
  private keys = 0;
  day = 0;
  adminCookie: string | undefined;
  /** Undecided requests sent again after a fault ends, as the form's retry would. */
  readonly retries: (() => Promise<boolean>)[] = [];

  constructor(
    readonly options: SimOptions,
    readonly random: Random,
    readonly balancer: Random,
    readonly world: World,
    readonly roster: ClassRoster,
  ) {
    this.students = roster.students.map((member, index) => ({
      member,
      device: `sim${String(index).padStart(4, '0')}`.padEnd(43, 'x'),
      chatId: undefined,
      tokens: [],
      readUpTo: 0,
    }));
    this.evidence = {
      bookings: [],
      handovers: [],
      cancelled: [],
      fundEntries: [],
      delivered: world.telegram.delivered,
      faultNear: (at) => this.faultWindows.some((window) => at >= window.from && at <= window.to),
      excusedDuplicates: new Map(),
    };
  }

  get nowMinute(): number {
    return wallOf(this.world.now());
  }

  get today(): string {
    return wallParts(this.nowMinute).date;
  }

  /** A key the same seed repeats: the action sequence, not its random bytes, is what a seed reproduces. */
  nextKey(): string {
    this.keys += 1;
    return `sim-${this.options.seed}-${this.keys}`;
  }

  record(kind: string, detail: string): void {
    const { date, time } = wallParts(this.nowMinute);
    this.log.push(`day ${this.day} ${date} ${time} ${kind} ${detail}`);
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }

  tail(): string[] {
    return this.log.slice(-TAIL);
  }

  schedule(at: number, label: string, run: () => Promise<void>): void {
    this.order += 1;
    this.agenda.push({ at, order: this.order, label, run });
  }

  /** Runs the agenda up to (not including) `until`, moving the clock to each item's minute. */
  async runUntil(until: number, between: () => Promise<void>): Promise<void> {
    for (;;) {
      const due = this.agenda.filter((item) => item.at < until).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) return;
      this.agenda = this.agenda.filter((item) => item !== due);
      if (due.at > this.nowMinute) {
        await this.sendsFinished();
        this.world.setNow(instantOf(due.at));
      }
      await due.run();
      await between();
    }
  }

  /**
   * Until no message is due or being sent (bounded): the outbox's lease runs on the app clock, and
   * hours moved within a real second would hand a message in flight to another instance.
   */
  async sendsFinished(): Promise<void> {
    const deadline = Date.now() + SEND_WAIT_MS;
    while (Date.now() < deadline) {
      const now = this.world.now().toISOString();
      const claimed = await this.world.db.kysely
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('given_up_at', 'is', null)
        .where((eb) => eb.or([eb('locked_until', '>', now), eb('next_attempt_at', '<=', now)]))
        .execute();
      if (claimed.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    this.counts.set('send-wait-gave-up', (this.counts.get('send-wait-gave-up') ?? 0) + 1);
  }

  /** An instance to send to, as a load balancer would pick one: from a stream of its own, so retries do not shift the actions. */
  instance(): Instance {
    return this.balancer.pick(this.world.instances);
  }

  request(path: string, init: Parameters<typeof send>[2] = {}): Promise<Answer> {
    return send(this.instance().server.baseUrl, path, init);
  }

  /** A write sent until it gets a definite answer (up to a few tries now; else queued for after the fault). */
  async decide(path: string, init: Parameters<typeof send>[2], settle: (answer: Answer) => void): Promise<void> {
    const attempt = async () => {
      const answer = await this.request(path, init);
      if (undecided(answer)) return false;
      settle(answer);
      return true;
    };
    for (let tries = 0; tries < 3; tries++) {
      if (await attempt()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    this.retries.push(attempt);
  }

  async runRetries(): Promise<void> {
    const waiting = this.retries.splice(0);
    for (const retry of waiting) if (!(await retry())) this.retries.push(retry);
  }

  async admin(path: string, init: Parameters<typeof send>[2] = {}): Promise<Answer> {
    if (!this.adminCookie) await this.login();
    let answer = await this.request(path, { ...init, cookie: this.adminCookie });
    if (answer.status === 401) {
      await this.login();
      answer = await this.request(path, { ...init, cookie: this.adminCookie });
    }
    return answer;
  }

  async ensureAdmin(): Promise<string | undefined> {
    if (!this.adminCookie) await this.login();
    return this.adminCookie;
  }

  private async login(): Promise<void> {
    const { admin } = this.roster;
    for (let tries = 0; tries < 10; tries++) {
      const answer = await this.request('/api/admin/login', { body: { name: admin.name, code: admin.id } });
      const cookie = answer.headers.get('set-cookie')?.split(';')[0];
      if (answer.status === 200 && cookie) {
        this.adminCookie = cookie;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error('the admin cannot log in');
  }

  fault(name: string, seconds: number): () => void {
    const from = Date.now() - 5000;
    this.faults.set(name, (this.faults.get(name) ?? 0) + 1);
    this.record('fault', name);
    return () => this.faultWindows.push({ from, to: Date.now() + seconds * 1000 });
  }

  dateAhead(days: number): string {
    return addDays(this.today, days);
  }

  clockText(): string {
    return hhmm(this.nowMinute % (24 * 60));
  }
}
