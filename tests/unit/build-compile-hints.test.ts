/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eagerCompileHint, markFirstLoadChunksForEagerCompile } from '@/lib/build-compile-hints';

// A build directory shaped as Next writes it: the root main files in build-manifest.json, each route's entry files in
// its client reference manifest (a script), and a chunk only a dynamic import loads.
function writeBuild(): string {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
    fs.writeFileSync(path.join(distDir, file), text);
  };
  write('build-manifest.json', JSON.stringify({ rootMainFiles: ['static/chunks/react.js', 'static/chunks/runtime.js'], polyfillFiles: ['static/chunks/polyfills.js'] }));
  const manifest = {
    entryJSFiles: {
      '[project]/app/[brand]/[locale]/layout': ['static/chunks/shell.js'],
      '[project]/app/[brand]/[locale]/(site)/news/page': ['static/chunks/shell.js', 'static/chunks/news.js', 'static/chunks/news.css'],
    },
  };
  write(
    'server/app/[brand]/[locale]/(site)/news/page_client-reference-manifest.js',
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/[brand]/[locale]/(site)/news/page"] = ${JSON.stringify(manifest)};`,
  );
  for (const chunk of ['react', 'runtime', 'shell', 'news', 'polyfills', 'hls-player']) write(`static/chunks/${chunk}.js`, `(globalThis.TURBOPACK||[]).push(["${chunk}"]);`);
  write('static/chunks/news.css', '.a{color:red}');
  return distDir;
}

const read = (distDir: string, chunk: string) => fs.readFileSync(path.join(distDir, 'static/chunks', chunk), 'utf8');

describe('markFirstLoadChunksForEagerCompile', () => {
  it('puts the hint on the first line of every chunk a page loads at start, and on nothing else', async () => {
    const distDir = writeBuild();
    const marked = await markFirstLoadChunksForEagerCompile(distDir);
    expect(marked).toEqual(['static/chunks/news.js', 'static/chunks/react.js', 'static/chunks/runtime.js', 'static/chunks/shell.js']);
    for (const chunk of ['react.js', 'runtime.js', 'shell.js', 'news.js']) {
      expect(read(distDir, chunk).split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    }
    // Lazily loaded and legacy-browser files keep V8's lazy compilation; stylesheets are not touched.
    expect(read(distDir, 'hls-player.js')).not.toContain('allFunctionsCalledOnLoad');
    expect(read(distDir, 'polyfills.js')).not.toContain('allFunctionsCalledOnLoad');
    expect(read(distDir, 'news.css')).toBe('.a{color:red}');
  });

  it('leaves the code itself unchanged and marks a chunk once when the step runs twice', async () => {
    const distDir = writeBuild();
    await markFirstLoadChunksForEagerCompile(distDir);
    await markFirstLoadChunksForEagerCompile(distDir);
    expect(read(distDir, 'news.js')).toBe(`${eagerCompileHint}(globalThis.TURBOPACK||[]).push(["news"]);`);
  });
});
