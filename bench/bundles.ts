// First-load JavaScript (gzip) of the public pages and the live room of the production build, each as a ratio
// to an empty App Router page built with the same Next.js in the same run: the figure a change must not grow.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { progress, round, type Child } from './support/harness';
import { firstLoadJsGzip, productServer, requireBuild, startEmptyApp } from './support/pages-bench';

export const description = 'First-load JS (gzip) of home, live list, live room, schedule, a match, news, an article and the user centre, vs an empty Next page';

const root = path.resolve(__dirname, '..');

export async function run(): Promise<Record<string, unknown>> {
  const distDir = requireBuild(root);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundles-'));
  const children: Child[] = [];
  try {
    const product = await productServer(root, distDir, workDir, children);
    const origin = `http://localhost:${product.port}`;
    const pages: Record<string, string> = {
      home: '/home',
      live_list: '/liveMatches',
      live_room: await product.demoRoomPath(),
      schedule: '/schedule',
      match: '/scheduleDetail/1033/2',
      news: '/news',
      article: await product.firstArticlePath(),
      user_center: '/user-center/index',
    };
    const emptyOrigin = await startEmptyApp(root, workDir, children);
    const empty = await firstLoadJsGzip(emptyOrigin, '/');
    progress(`empty App Router page: ${empty.bytes} B in ${empty.files} files`);
    const figures: Record<string, { bytes: number; files: number; ratio_vs_empty: number }> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      const measured = await firstLoadJsGzip(origin, pagePath);
      figures[name] = { ...measured, ratio_vs_empty: round(measured.bytes / empty.bytes, 3) };
      progress(`${name.padEnd(12)} ${pagePath.padEnd(28)} ${measured.bytes} B in ${measured.files} files (${figures[name].ratio_vs_empty}× empty)`);
    }
    return { empty_js_gzip_bytes: empty.bytes, pages: figures };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
