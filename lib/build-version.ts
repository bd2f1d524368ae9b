// Node-only: the version string of this build (package version + git commit when known).
// next.config.ts inlines it for the browser; server.ts logs it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function readBuildVersion(root = process.cwd()): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return `${version}+${sha}`;
  } catch {
    return version;
  }
}
