import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseOrThrow } from './http-errors';

/**
 * Route options that check the query and the path's parameters before any hook reads the
 * database (the admin's session check among them): a bad parameter answers 400 even while the
 * database is away. The handler still parses them for their values.
 */
export function checkedRequest(schemas: { query?: z.ZodType; params?: z.ZodType }) {
  return {
    preValidation: async (request: FastifyRequest) => {
      if (schemas.params) parseOrThrow(schemas.params, request.params);
      if (schemas.query) parseOrThrow(schemas.query, request.query);
    },
  };
}
