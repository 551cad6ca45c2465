import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestPushKeys, type TestPushKeys } from './push-decrypt';

export interface PushDelivery {
  /** The endpoint's last path segment. */
  id: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed. */
  message: { title: string; body: string; tag: string; offerId?: number; actions: { action: string; title: string }[] };
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface FakePush {
  /** Every push the service accepted, decrypted with its subscription's keys. */
  delivered: PushDelivery[];
  /** Every post, accepted or not. */
  posts: { id: string; at: number }[];
  subscription(id: string): TestSubscription;
  /** The next answers for `id`'s endpoint, in order (then 201). */
  answer(id: string, ...replies: { status: number; headers?: Record<string, string> }[]): void;
  texts(id: string): string[];
  close(): Promise<void>;
}

/** A push service on 127.0.0.1 (http: the app allows it with PUSH_ALLOW_LOOPBACK only) that decrypts what it is sent. */
export async function startFakePush(): Promise<FakePush> {
  const keys = new Map<string, TestPushKeys>();
  const replies = new Map<string, { status: number; headers?: Record<string, string> }[]>();
  const delivered: PushDelivery[] = [];
  const posts: { id: string; at: number }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = (request.url ?? '').split('/').at(-1) ?? '';
      posts.push({ id, at: Date.now() });
      const reply = replies.get(id)?.shift() ?? { status: 201 };
      const subscriber = keys.get(id);
      if (reply.status === 201 && subscriber) {
        const message = JSON.parse(subscriber.decrypt(Buffer.concat(chunks)));
        delivered.push({ id, headers: request.headers, message });
      }
      response.writeHead(reply.status, reply.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    delivered,
    posts,
    subscription: (id) => {
      const made = keys.get(id) ?? createTestPushKeys();
      keys.set(id, made);
      return { endpoint: `http://127.0.0.1:${port}/push/${id}`, keys: { p256dh: made.p256dh, auth: made.auth } };
    },
    answer: (id, ...list) => replies.set(id, [...(replies.get(id) ?? []), ...list]),
    texts: (id) => delivered.filter((delivery) => delivery.id === id).map((delivery) => delivery.message.body),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
