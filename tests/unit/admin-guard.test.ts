import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { adminSession } from '../../src/server/admin/guard';

it('answers 500, naming the route, when a handler asks for the admin session without the requireAdmin preHandler', async () => {
  const app = Fastify();
  const errors: string[] = [];
  app.setErrorHandler((error: Error, _request, reply) => {
    errors.push(error.message);
    return reply.status(500).send({ message: 'x' });
  });
  app.get('/api/unguarded', async (request) => adminSession(request).admin.name);
  const reply = await app.inject('/api/unguarded');
  expect(reply.statusCode).toBe(500);
  expect(errors).toEqual(['GET /api/unguarded asked for the admin session without the requireAdmin preHandler']);
  await app.close();
});
