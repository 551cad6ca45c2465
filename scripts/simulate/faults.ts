import type { Sim } from './simulator';

export interface FaultSpec {
  name: string;
  weight: number;
  /** Why it cannot run in this world, or undefined when it can. */
  unavailable(sim: Sim): string | undefined;
  run(sim: Sim): Promise<void>;
}

/** Simulated minutes a fault of the Bot API, the database link or the disk lasts. */
const OUTAGE_MINUTES = 20;

function botAnswers(name: string, answer: Parameters<Sim['world']['telegram']['answer']>[0]): FaultSpec {
  return {
    name,
    weight: 1,
    unavailable: () => undefined,
    run: async (sim) => {
      const closed = sim.fault(name, 8);
      sim.world.telegram.answer(answer);
      sim.schedule(sim.nowMinute + OUTAGE_MINUTES, `${name} ends`, async () => {
        sim.world.telegram.answer({ kind: 'ok' });
        closed();
      });
    },
  };
}

/** Every fault --faults may inject; each is lived at a random minute of a random day. */
export const FAULTS: FaultSpec[] = [
  {
    name: 'kill-9-instance',
    weight: 2,
    unavailable: () => undefined,
    run: async (sim) => {
      const instance = sim.instance();
      // Its claimed messages wait for their lease on the app clock, then go out from another instance.
      const closed = sim.fault('kill-9-instance', 60);
      await sim.world.restart(instance, 'SIGKILL');
      closed();
    },
  },
  {
    name: 'postgres-cut',
    weight: 1,
    unavailable: (sim) => (sim.world.relay ? undefined : 'PostgreSQL only (through the relay)'),
    run: async (sim) => {
      const closed = sim.fault('postgres-cut', 8);
      sim.world.relay?.cut();
      sim.schedule(sim.nowMinute + OUTAGE_MINUTES, 'postgres back', async () => {
        sim.world.relay?.restore();
        closed();
        await sim.runRetries();
      });
    },
  },
  botAnswers('bot-429', { kind: 'error', status: 429, description: 'Too Many Requests: retry after 7', retryAfter: 7 }),
  botAnswers('bot-500', { kind: 'error', status: 500, description: 'Internal Server Error' }),
  botAnswers('bot-hang', { kind: 'hang' }),
  {
    name: 'disk-full',
    weight: 1,
    unavailable: (sim) => (sim.world.disk ? undefined : (sim.world.diskSkipReason ?? 'no loop disk')),
    run: async (sim) => {
      const closed = sim.fault('disk-full', 8);
      sim.world.disk?.fill();
      sim.schedule(sim.nowMinute + OUTAGE_MINUTES, 'disk freed', async () => {
        sim.world.disk?.free();
        closed();
        await sim.runRetries();
      });
    },
  },
];
