// A reply is exactly what its schema in lib/validation says: parsing it keeps every field as the server sent it,
// none dropped (the schema lacks it), replaced by a fallback (a wrong type) or coerced. The browser reads replies
// with these schemas and the server builds them typed by them, so a drift between the two fails here.
type ReplySchema = { parse(data: unknown): unknown };

export function expectReplyShape(schema: ReplySchema, data: unknown): void {
  expect(schema.parse(data)).toStrictEqual(data);
}
