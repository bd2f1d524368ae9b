// Joins class names, skipping the empty ones, so a primitive's own classes and a caller's className compose.
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
