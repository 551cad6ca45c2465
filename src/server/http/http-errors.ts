import type { z } from 'zod';
import { fieldErrorsFromZod } from '../../domain/field-errors';
import { messages } from '../../domain/messages';

/** A client error with a status, an Indonesian message and, when a field is at fault, per-field messages. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Parses a request part with its schema, or throws a 400 naming each bad field. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpError(400, messages.invalidBody, fieldErrorsFromZod(result.error));
}
