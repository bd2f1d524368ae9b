// Node-only, run by next.config.ts after the production compile: marks the JavaScript a page loads at start for
// V8's eager compilation (the explicit compile hint of Chrome 136+).
//
// Without the hint V8 compiles a function on the main thread at its first call. A page's start calls nearly every
// function of its first-load chunks (React, the router, the module factories, our islands), and those compiles made the
// longest task of a page's start on a phone (docs/match-pages.md). With the hint, V8 compiles them on a background thread
// while the file streams in. Chunks loaded later (the video players, the OSS uploader) stay lazy: only part of them runs.
import fs from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';

export const eagerCompileHint = '//# allFunctionsCalledOnLoad\n';

type BuildManifest = { rootMainFiles: string[] };
type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

/** Every chunk some page loads before it runs: the root main files and each route segment's entry files. */
async function readFirstLoadChunks(distDir: string): Promise<string[]> {
  const buildManifest = JSON.parse(await fs.readFile(path.join(distDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const chunks = new Set(buildManifest.rootMainFiles);
  const appDir = path.join(distDir, 'server', 'app');
  const entries = await fs.readdir(appDir, { recursive: true });
  for (const entry of entries.filter((file) => path.basename(file) === 'page_client-reference-manifest.js')) {
    // The manifest is a script assigning into globalThis.__RSC_MANIFEST; run it in an empty context to read it.
    const sandbox: { __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
    vm.runInNewContext(await fs.readFile(path.join(appDir, entry), 'utf8'), Object.assign(sandbox, { globalThis: sandbox }));
    for (const manifest of Object.values(sandbox.__RSC_MANIFEST ?? {})) {
      for (const files of Object.values(manifest.entryJSFiles ?? {})) files.forEach((file) => chunks.add(file));
    }
  }
  return [...chunks].filter((file) => file.endsWith('.js')).sort();
}

/** Prepends the hint to each first-load chunk (once: a second run leaves marked files alone). Returns the files marked. */
export async function markFirstLoadChunksForEagerCompile(distDir: string): Promise<string[]> {
  const chunks = await readFirstLoadChunks(distDir);
  await Promise.all(
    chunks.map(async (chunk) => {
      const file = path.join(distDir, chunk);
      const code = await fs.readFile(file, 'utf8');
      if (!code.startsWith(eagerCompileHint)) await fs.writeFile(file, eagerCompileHint + code);
    }),
  );
  return chunks;
}
