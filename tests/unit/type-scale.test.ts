// The site's type stays on one scale: five font weights and the one font stack from globals.css. Each
// weight a page asks for is one more font the browser looks up and sets up before its first layout
// (docs/match-pages.md, "Fonts"), so a stray 650 costs every visitor on a phone.
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const allowedWeights = new Set(['400', '500', '600', '700', '800', 'normal', 'bold', 'inherit']);
// The one family named besides the site's stack: monospace, for code samples in the anchor form and the console's keys and addresses.
const allowedFamilies = new Set(['var(--font-sans)', 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', 'inherit']);

function cssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

const files = ['app', 'components'].flatMap((dir) => cssFiles(path.join(root, dir)));

function declarations(property: string): { file: string; value: string }[] {
  const pattern = new RegExp(`(?:^|[;{\\s])${property}\\s*:\\s*([^;}]+)`, 'g');
  return files.flatMap((file) => {
    const css = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    return [...css.matchAll(pattern)].map((match) => ({ file: path.relative(root, file), value: match[1].replace(/\s*!important$/, '').trim() }));
  });
}

describe('type scale', () => {
  it('finds the stylesheets it checks', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(declarations('font-weight').length).toBeGreaterThan(100);
  });

  it('uses only the weights 400, 500, 600, 700 and 800', () => {
    expect(declarations('font-weight').filter(({ value }) => !allowedWeights.has(value))).toEqual([]);
  });

  it('names font families only in the site stack', () => {
    expect(declarations('font-family').filter(({ value }) => !allowedFamilies.has(value))).toEqual([]);
  });

  it('uses the font shorthand only to inherit, so no weight or family slips past the checks above', () => {
    expect(declarations('font').length).toBeGreaterThan(5);
    expect(declarations('font').filter(({ value }) => value !== 'inherit')).toEqual([]);
  });
});
