import type { Db } from '../db/database';
import type { Config } from './config';

export interface AppContext {
  config: Config;
  db: Db;
  now: () => Date;
}
