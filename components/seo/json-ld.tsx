// Renders structured data into the server HTML. `<` is escaped so that text from the data can never
// close the script element.
import type { JsonLd } from '@/lib/seo/json-ld';

export function JsonLdScript({ data }: { data: JsonLd | JsonLd[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
