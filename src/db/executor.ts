import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** A database handle or an open transaction: repository and service functions take either. */
export type Executor = Kysely<Database>;
