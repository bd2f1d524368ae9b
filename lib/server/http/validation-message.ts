// Turns the first zod issue into one sentence in the user's language.
import type { z } from 'zod';
import type { ServerTranslate } from './translate';

function fieldName(path: PropertyKey[], t: ServerTranslate): string {
  if (path.length === 0) return t('api.fields.body');
  const name = path.map(String).join('.');
  const label = t(`api.fields.${name}`);
  return label === `api.fields.${name}` ? name : label;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** `input` is what the client sent, to tell a missing field from a wrong one. */
export function describeIssue(issue: z.core.$ZodIssue, t: ServerTranslate, input: unknown): string {
  // Shared schemas carry message keys (e.g. "validation.phoneInvalid") so form and handler say the same thing.
  if (/^[a-z][A-Za-z]*\.[A-Za-z.]+$/.test(issue.message)) {
    const translated = t(issue.message);
    if (translated !== issue.message) return translated;
  }
  const field = fieldName(issue.path, t);
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, issue.path) == null) return t('api.errors.requiredField', { field });
      return t('api.errors.wrongType', { field, expected: t(`api.types.${issue.expected}`) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('api.errors.tooLong', { field, max: Number(issue.maximum) })
        : t('api.errors.tooBig', { field, max: Number(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return t('api.errors.requiredField', { field });
      return issue.origin === 'string'
        ? t('api.errors.tooShort', { field, min: Number(issue.minimum) })
        : t('api.errors.tooSmall', { field, min: Number(issue.minimum) });
    case 'invalid_value':
      return t('api.errors.notOneOf', { field, options: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return t('api.errors.unknownField', { field: issue.keys.join(', ') });
    default:
      return t('api.errors.invalidField', { field });
  }
}
