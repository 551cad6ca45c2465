import type { Executor } from '../../db/executor';
import type { EventOf, EventType } from './events';

export type Subscriber<T extends EventType> = (trx: Executor, event: EventOf<T>) => Promise<void>;

/** Each event's subscribers, run in this order inside the emitting transaction. */
export type Subscribers = { [T in EventType]: readonly Subscriber<T>[] };

let installed: Subscribers | undefined;

/** The one list of consequences (src/server/subscribers.ts), installed by buildApp: features emit without importing those that react. */
export function installSubscribers(subscribers: Subscribers): void {
  installed = subscribers;
}

/**
 * Runs every subscriber of `event` in the caller's transaction: a subscriber's failure rolls the
 * change back with everything it caused, so a state change and its consequences commit together.
 */
export async function emit<T extends EventType>(trx: Executor, event: EventOf<T>): Promise<void> {
  if (!installed) throw new Error(`event ${event.type} emitted before the subscribers were installed`);
  const subscribers = installed[event.type as T] as readonly Subscriber<T>[];
  for (const subscriber of subscribers) await subscriber(trx, event);
}
