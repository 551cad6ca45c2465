import type { FastifyInstance } from 'fastify';

/** Runs `work` from ready, then `intervalMs` after each run ends, until close (awaiting a run); a failing database logs once per outage. */
export function repeatWhileOpen(app: FastifyInstance, what: string, intervalMs: number, work: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let failing = false;
  const look = () => {
    running = work()
      .then(() => {
        if (failing) app.log.info(`${what}: the database answers again`);
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) app.log.error({ error: (error as Error).message }, `${what}: the database does not answer, will keep trying`);
        failing = true;
      })
      .finally(() => {
        timer = setTimeout(look, intervalMs);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => look());
  app.addHook('preClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
