// The first message key of each form field, from a shared schema's issues (the payload names its fields itself).
import type { z } from 'zod';

export function fieldErrors<F extends string>(error: z.ZodError, fieldOf: (path: string) => F | undefined): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = fieldOf(String(issue.path[0] ?? ''));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
