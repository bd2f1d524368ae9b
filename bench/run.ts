// `npm run bench -- <name> [args]` runs bench/<name>.ts; `npm run bench -- list` lists them.
// A benchmark prints progress lines (starting with #) as it goes; the runner ends with one line: the JSON object of its figures.
import fs from 'node:fs';
import path from 'node:path';
import { BenchError } from './support/harness';

type Benchmark = { description?: string; run: (args: string[]) => Promise<Record<string, unknown>> };

const benchDir = __dirname;

function benchmarkNames(): string[] {
  return fs
    .readdirSync(benchDir)
    .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

async function loadBenchmark(name: string): Promise<Benchmark> {
  const loaded: Partial<Benchmark> = await import(path.join(benchDir, `${name}.ts`));
  if (typeof loaded.run !== 'function') throw new BenchError(`bench/${name}.ts does not export run(args).`);
  return { description: loaded.description, run: loaded.run };
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const names = benchmarkNames();
  if (!name) console.error('Usage: npm run bench -- <name> [args]. Benchmarks:');
  if (!name || name === 'list') {
    for (const each of names) console.log(`${each.padEnd(20)} ${(await loadBenchmark(each)).description ?? ''}`.trimEnd());
    return name ? 0 : 1;
  }
  if (!names.includes(name)) {
    console.error(`Unknown benchmark "${name}". Available: ${names.join(', ') || 'none'}. See \`npm run bench -- list\`.`);
    return 1;
  }
  const figures = await (await loadBenchmark(name)).run(args);
  console.log(JSON.stringify(figures));
  return 0;
}

main(process.argv.slice(2))
  .catch((error: unknown) => {
    console.error(error instanceof BenchError ? error.message : error);
    return 1;
  })
  .then((code) => process.exit(code));
