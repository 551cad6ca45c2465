// Runs one load case with autocannon in its own process, so the load generator does not share
// an event loop with the server it measures. Prints the result as one JSON line.
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);

function bookingRequests(spec) {
  let counter = spec.offset ?? 0;
  return [
    {
      method: 'POST',
      path: '/api/bookings',
      headers: { 'content-type': 'application/json' },
      setupRequest(request) {
        // Every request books a different free hour: 20 one-hour slots a day, each by a different student.
        const index = counter++;
        const day = Math.floor(index / 20);
        const slot = index % 20;
        const date = new Date(Date.parse(`${spec.firstDate}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
        const start = `${String(2 + slot).padStart(2, '0')}:00`;
        const end = `${String(3 + slot).padStart(2, '0')}:00`;
        const name = spec.names[slot % spec.names.length];
        return { ...request, body: JSON.stringify({ name, date, start, end, reason: 'Benchmark', needStnk: 'tidak' }) };
      },
    },
  ];
}

const options = {
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  headers: spec.headers ?? {},
  ...(spec.kind === 'create-booking' ? { requests: bookingRequests(spec) } : {}),
};
const result = await autocannon(options);
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);
