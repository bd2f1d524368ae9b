import 'server-only';
// What a console save changes: the fields whose new value differs from the stored one (compared as JSON, so names in
// two languages and lists compare by value), and those fields before and after, as the audit row records them.
export function fieldChanges<Row extends object, Field extends keyof Row>(row: Row, wanted: Pick<Row, Field>, fields: readonly Field[]) {
  const changed = fields.filter((field) => JSON.stringify(row[field]) !== JSON.stringify(wanted[field]));
  const of = (source: Pick<Row, Field>) => Object.fromEntries(changed.map((field) => [field, source[field]])) as Partial<Pick<Row, Field>>;
  return { changed, before: of(row), after: of(wanted) };
}
