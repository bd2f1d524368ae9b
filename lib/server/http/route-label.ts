// What a request is labelled by in the HTTP latency metric: an API request by its route's pattern
// (`/api/match/live/[id]`, from the route files under app/api), so the label set stays as small as the route
// table; pages, Next's static files and our files each by one word.
import fs from 'node:fs';
import path from 'node:path';

type RoutePattern = { label: string; test: RegExp };

/** The API routes' patterns from the folders of app/api that hold a route file; fixed paths before dynamic ones. */
export function readApiRoutePatterns(appDir = path.join(process.cwd(), 'app')): RoutePattern[] {
  const patterns: RoutePattern[] = [];
  const walk = (dir: string, segments: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (entries.some((entry) => entry.isFile() && /^route\.(ts|js)$/.test(entry.name))) {
      const label = `/${segments.join('/')}`;
      const source = segments.map((segment) => (segment.startsWith('[...') ? '.+' : segment.startsWith('[') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      patterns.push({ label, test: new RegExp(`^/${source}/?$`) });
    }
    for (const entry of entries) if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
  };
  walk(path.join(appDir, 'api'), ['api']);
  return patterns.sort((a, b) => Number(a.label.includes('[')) - Number(b.label.includes('[')));
}

export function routeLabel(pathname: string, apiRoutes: readonly RoutePattern[]): string {
  if (pathname.startsWith('/api/')) return apiRoutes.find((route) => route.test.test(pathname))?.label ?? '/api/unknown';
  if (pathname.startsWith('/_next/')) return 'next-static';
  if (/^\/(uploads|covers|flags|social-image)\//.test(pathname)) return 'files';
  return 'page';
}
