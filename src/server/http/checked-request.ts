import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseOrThrow } from './http-errors';

/** Route options that check the parameters before any hook reads the database (the admin's session among them). */
export function checkedRequest(schemas: { query?: z.ZodType; params?: z.ZodType }) {
  return {
    preValidation: async (request: FastifyRequest) => {
      if (schemas.params) parseOrThrow(schemas.params, request.params);
      if (schemas.query) parseOrThrow(schemas.query, request.query);
    },
  };
}
