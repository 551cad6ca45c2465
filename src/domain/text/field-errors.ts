import type { z } from 'zod';
import { messages } from './messages';

/** The first issue of each field wins; an unknown field is reported under its own name. */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] ??= messages.unknownField(key);
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    errors[field] ??= field === '_' ? messages.invalidBody : issue.message;
  }
  return errors;
}
