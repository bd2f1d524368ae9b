// Lighthouse (performance, accessibility, best practices, SEO, CLS) on home, schedule, a live match and an
// article of the production build, in Debian's Chromium; and the first-load JavaScript (gzip) of the
// article against an empty App Router page built with the same Next.js, which is also audited (mobile) as the
// host's ceiling: Lighthouse's phone is this machine's CPU slowed 4×, so its scores move with the machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BenchError, progress, round, type Child } from './support/harness';
import { firstLoadJsGzip, productServer, requireBuild, startEmptyApp } from './support/pages-bench';

export const description = 'Lighthouse scores and CLS of home, schedule, a match and an article; first-load JS of the article vs an empty Next page, and the mobile score of that page';

const root = path.resolve(__dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type PageScores = {
  url: string;
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  cls: number;
  lcp_ms: number;
  tbt_ms: number;
  /** Lighthouse's measure of the host's CPU: the simulated phone is this machine slowed 4×, so scores follow it. */
  benchmark_index: number;
  failing: string[];
};

function readFlags(args: string[]): { runs: number } {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { runs: { type: 'string', default: '3' } }, strict: true }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench -- lighthouse [--runs 3]`);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new BenchError('--runs must be a whole number from 1 to 9.');
  return { runs };
}

type FormFactor = 'mobile' | 'desktop';

async function audit(url: string, formFactor: FormFactor): Promise<PageScores> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    // Mobile is Lighthouse's default (a mid-range phone on slow 4G, CPU slowed 4×); desktop its own preset.
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...categories] };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new BenchError(`Lighthouse returned nothing for ${url}.`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new BenchError(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = categories
      .flatMap((category) => lhr.categories[category].auditRefs)
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => ref.id);
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      best_practices: score('best-practices'),
      seo: score('seo'),
      cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0, 4),
      lcp_ms: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbt_ms: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      benchmark_index: Math.round(lhr.environment.benchmarkIndex),
      failing: [...new Set(failing)],
    };
  } finally {
    chrome.kill();
  }
}

/** The median run by performance (the noisiest score), so one slow run on a busy machine does not decide. */
function median(runs: PageScores[]): PageScores {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
}

/** Audits a page `runs` times and keeps the median run, reporting each; every run's CPU benchmark index goes to `indexes`. */
async function auditRuns(name: string, url: string, formFactor: FormFactor, runs: number, indexes: number[]): Promise<PageScores> {
  const attempts: PageScores[] = [];
  for (let attempt = 1; attempt <= runs; attempt += 1) {
    const scores = await audit(url, formFactor);
    progress(
      `${formFactor} ${name} run ${attempt}/${runs}: performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores.best_practices}, SEO ${scores.seo}, CLS ${scores.cls}, LCP ${scores.lcp_ms} ms, TBT ${scores.tbt_ms} ms, CPU benchmark index ${scores.benchmark_index}`,
    );
    attempts.push(scores);
    indexes.push(scores.benchmark_index);
  }
  const chosen = median(attempts);
  if (chosen.failing.length > 0) progress(`${formFactor} ${name}: audits below 0.9: ${chosen.failing.join(', ')}`);
  return chosen;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const { runs } = readFlags(args);
  const distDir = requireBuild(root);
  if (!fs.existsSync(chromePath)) throw new BenchError(`Chromium is missing at ${chromePath}. Run \`bash scripts/ensure-chromium.sh\` (or set CHROME_PATH).`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const children: Child[] = [];
  try {
    const product = await productServer(root, distDir, workDir, children);
    // localhost, as a visitor types it: the pages' canonical links point there.
    const origin = `http://localhost:${product.port}`;
    const pages = {
      home: '/home',
      schedule: '/schedule',
      match: '/scheduleDetail/1033/2',
      article: await product.firstArticlePath(),
    };
    for (const pagePath of Object.values(pages)) {
      // Twice: the first request renders and caches the page, as a first visitor's would.
      for (let attempt = 0; attempt < 2; attempt += 1) await fetch(`${origin}${pagePath}`);
    }
    const results: Record<FormFactor, Record<string, PageScores>> = { mobile: {}, desktop: {} };
    const benchmarkIndexes: number[] = [];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const [name, pagePath] of Object.entries(pages)) results[formFactor][name] = await auditRuns(name, `${origin}${pagePath}`, formFactor, runs, benchmarkIndexes);
    }

    const article = await firstLoadJsGzip(origin, pages.article);
    const emptyOrigin = await startEmptyApp(root, workDir, children);
    const empty = await firstLoadJsGzip(emptyOrigin, '/');
    progress(`first-load JS (gzip): article ${article.bytes} B in ${article.files} files, empty App Router page ${empty.bytes} B in ${empty.files} files`);
    // The host's own ceiling, measured in the same run: what the simulated phone gives a page with nothing on it.
    const emptyPage = await auditRuns('empty App Router page', `${emptyOrigin}/`, 'mobile', runs, benchmarkIndexes);
    const summary = (scores: Record<string, PageScores>) => {
      const all = Object.values(scores);
      return {
        min_performance: Math.min(...all.map((page) => page.performance)),
        min_accessibility: Math.min(...all.map((page) => page.accessibility)),
        min_best_practices: Math.min(...all.map((page) => page.best_practices)),
        min_seo: Math.min(...all.map((page) => page.seo)),
        max_cls: Math.max(...all.map((page) => page.cls)),
      };
    };
    // The headline figures are Lighthouse's default (mobile); the desktop preset's follow under "desktop".
    return {
      pages: results.mobile,
      ...summary(results.mobile),
      desktop: { pages: results.desktop, ...summary(results.desktop) },
      article_js_gzip_bytes: article.bytes,
      empty_js_gzip_bytes: empty.bytes,
      js_ratio_vs_empty: round(article.bytes / empty.bytes, 3),
      empty_page_mobile: { performance: emptyPage.performance, lcp_ms: emptyPage.lcp_ms, tbt_ms: emptyPage.tbt_ms },
      benchmark_index: medianOf(benchmarkIndexes),
      runs,
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
    progress('stopped the servers and removed the temporary directory');
  }
}
