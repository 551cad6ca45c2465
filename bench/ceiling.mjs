// The ceiling for case 1: a bare Fastify route that returns a prepared copy of one day's
// booking JSON from memory. Whatever the real API does beyond this costs throughput.
import Fastify from 'fastify';

const [port, body] = [Number(process.argv[2]), process.argv[3]];
const app = Fastify({ logger: false });
app.get('/api/bookings', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
