import type { Db } from '../db/database';
import type { Config } from './config';

/** What every route plugin and service is given; nothing shared lives elsewhere in memory. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The current instant; tests pass a fixed one to pin "today". */
  now: () => Date;
}
