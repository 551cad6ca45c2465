// The ceiling for the schedule GETs: a bare Fastify route that returns a prepared copy of the
// answer from memory, one day's JSON for `?date=` and one week's for `?from=&to=`, so each case
// is compared with the same bytes sent by nothing but Fastify. Whatever the real API does beyond
// this costs throughput.
import Fastify from 'fastify';

const [port, dayBody, weekBody] = [Number(process.argv[2]), process.argv[3], process.argv[4]];
const app = Fastify({ logger: false });
app.get('/api/bookings', (request, reply) => {
  const isWeek = typeof request.query === 'object' && request.query !== null && 'from' in request.query;
  reply.header('content-type', 'application/json; charset=utf-8').send(isWeek ? weekBody : dayBody);
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
