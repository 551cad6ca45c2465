import type { z } from 'zod';
import { fieldErrorsFromZod } from '../../domain/text/field-errors';
import { messages } from '../../domain/text/messages';

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

export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpError(400, messages.invalidBody, fieldErrorsFromZod(result.error));
}
