import { connect, createServer, type Socket } from 'node:net';

export interface PostgresRelay {
  /** The database's URL through the relay. */
  url: string;
  /** PostgreSQL goes away: every link is cut, and new ones are dropped at once. */
  cut(): void;
  /** PostgreSQL is back. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay in front of a PostgreSQL database, to take it away from the app and bring it back without restarting the shared server. */
export async function relayToPostgres(databaseUrl: string): Promise<PostgresRelay> {
  const target = new URL(databaseUrl);
  const links = new Set<Socket>();
  let down = false;
  const relay = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const server = connect(Number(target.port || 5432), target.hostname);
    const drop = () => {
      client.destroy();
      server.destroy();
      links.delete(client);
      links.delete(server);
    };
    links.add(client).add(server);
    client.pipe(server);
    server.pipe(client);
    client.on('error', drop).on('close', drop);
    server.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  if (address === null || typeof address === 'string') throw new Error('the relay is not listening on TCP');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cut: () => {
      down = true;
      for (const link of links) link.destroy();
    },
    restore: () => {
      down = false;
    },
    close: async () => {
      for (const link of links) link.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}
