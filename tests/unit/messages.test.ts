// Both languages must be complete: every key in one catalogue exists in the other, and none is blank.
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..', 'messages');

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const read = (locale: string, file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, locale, file), 'utf8'));
const files = (locale: string) => fs.readdirSync(path.join(root, locale)).filter((file) => file.endsWith('.json')).sort();
const keys = (locale: string, file: string) => leaves(read(locale, file)).map(([key]) => key).sort();

describe('message catalogues', () => {
  it('have the same namespaces in en-US and zh-CN', () => {
    expect(files('zh-CN')).toEqual(files('en-US'));
  });

  it.each(files('en-US'))('%s has exactly the same keys in both languages', (file) => {
    expect(keys('zh-CN', file)).toEqual(keys('en-US', file));
  });

  it.each(files('en-US'))('%s has no blank texts', (file) => {
    for (const locale of ['en-US', 'zh-CN']) {
      const blank = leaves(read(locale, file)).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect({ locale, blank }).toEqual({ locale, blank: [] });
    }
  });
});
