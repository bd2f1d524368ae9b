/**
 * @jest-environment node
 */
// The boundary check (.dependency-cruiser.cjs, docs/architecture.md) must fail on each kind of violation it
// exists to stop: a probe file of each kind is written into the tree for a moment, and the check must name it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

type Violation = { rule: { name: string }; from: string; to: string };

const probes: Record<string, string> = {
  // The database module running a seed: the 24-file cycle this check was made to end.
  'lib/db/seed-call.architecture-probe.ts': "import { runSeeds } from '@/lib/server/seed/run-seeds';\nexport const probe = runSeeds;\n",
  // A lower domain reaching up: matches sit below live.
  'lib/server/matches/rooms-call.architecture-probe.ts': "import { listLives } from '@/lib/server/live/rooms';\nexport const probe = listLives;\n",
  // A type-only cycle between two modules.
  'lib/format/cycle-a.architecture-probe.ts': "import type { B } from './cycle-b.architecture-probe';\nexport type A = { b?: B };\n",
  'lib/format/cycle-b.architecture-probe.ts': "import type { A } from './cycle-a.architecture-probe';\nexport type B = { a?: A };\n",
  // A browser module importing a server type.
  'components/shell/server-type.architecture-probe.tsx':
    "'use client';\nimport type { RoomInfo } from '@/lib/server/live/rooms';\nexport function Probe({ room }: { room: RoomInfo }) {\n  return <p>{room.title}</p>;\n}\n",
};

function runCheck(files: string[]): Violation[] {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...files],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (!result.stdout) throw new Error(`dependency-cruiser printed nothing: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the boundary check', () => {
  let violations: Violation[];

  beforeAll(() => {
    for (const [file, text] of Object.entries(probes)) fs.writeFileSync(path.join(root, file), text);
    try {
      violations = runCheck(Object.keys(probes));
    } finally {
      for (const file of Object.keys(probes)) fs.rmSync(path.join(root, file), { force: true });
    }
  }, 120_000);

  const found = (rule: string, from: string) => violations.some((violation) => violation.rule.name === rule && violation.from === from);

  it('refuses a database module that imports a seed (or any domain)', () => {
    expect(found('db-knows-no-domain', 'lib/db/seed-call.architecture-probe.ts')).toBe(true);
  });

  it('refuses an import from a lower domain to a higher one', () => {
    expect(found('layer:lib/server/matches/', 'lib/server/matches/rooms-call.architecture-probe.ts')).toBe(true);
  });

  it('refuses a cycle made of type-only imports', () => {
    expect(violations.some((violation) => violation.rule.name === 'no-cycles' && violation.from.startsWith('lib/format/cycle-'))).toBe(true);
  });

  it('refuses a browser module that imports a server type', () => {
    expect(found('browser-gets-no-server-code', 'components/shell/server-type.architecture-probe.tsx')).toBe(true);
    expect(found('ui-gets-data-from-loaders', 'components/shell/server-type.architecture-probe.tsx')).toBe(true);
  });
});
