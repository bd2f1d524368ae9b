// `npm run graph:architecture`: draws the import graph folder by folder (docs/architecture-graph.md, Mermaid),
// grouped by the layers of scripts/architecture-layers.cjs, and fails if the folders import each other in a cycle.
// With --check (in `npm run check:architecture`) it only looks for such cycles and writes nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { layers } = createRequire(import.meta.url)('./architecture-layers.cjs');

const cruise = spawnSync(
  process.execPath,
  ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'app', 'components', 'stores', 'lib', 'server.ts', 'proxy.ts'],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (!cruise.stdout) throw new Error(`dependency-cruiser printed nothing:\n${cruise.stderr}`);
const { modules } = JSON.parse(cruise.stdout);

// A file's node: the most specific unit of the layer list that names it, else its first folder under components/.
const units = layers.flatMap((layer) => (layer.ordered ?? layer.paths).map((unit) => ({ unit, layer: layer.name })));
function nodeOf(file) {
  const named = units.filter(({ unit }) => (unit.endsWith('/') ? file.startsWith(unit) : file === unit)).sort((a, b) => b.unit.length - a.unit.length)[0];
  if (named && !/^(components|stores|app)\/$/.test(named.unit)) return { id: named.unit.replace(/\/$/, ''), layer: named.layer };
  const top = file.match(/^(components\/[^/]+|stores|app)/);
  if (top) return { id: top[1], layer: file.startsWith('app') ? 'entry' : 'ui' };
  return { id: file, layer: units.find(({ unit }) => file === unit)?.layer ?? 'entry' };
}

const nodes = new Map();
const edges = new Map();
for (const module of modules) {
  if (/node_modules|\.test\.|^tests\//.test(module.source)) continue;
  const from = nodeOf(module.source);
  nodes.set(from.id, from.layer);
  for (const dependency of module.dependencies) {
    if (dependency.coreModule || /node_modules|\.json$/.test(dependency.resolved) || !/^(app|components|stores|lib|server\.ts|proxy\.ts)/.test(dependency.resolved)) continue;
    const to = nodeOf(dependency.resolved);
    nodes.set(to.id, to.layer);
    if (to.id === from.id) continue;
    if (!edges.has(from.id)) edges.set(from.id, new Set());
    edges.get(from.id).add(to.id);
  }
}

// Tarjan's strongly connected components: any with more than one folder is a cycle between folders.
const cycles = [];
{
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indexOf = new Map();
  const low = new Map();
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of nodes.keys()) if (!indexOf.has(node)) visit(node);
}

const layerOrder = [...layers.map((layer) => layer.name), 'ui', 'entry'].filter((name, at, all) => all.indexOf(name) === at);
const idOf = new Map([...nodes.keys()].sort().map((node, at) => [node, `n${at}`]));
const lines = ['flowchart BT'];
for (const layer of layerOrder) {
  const members = [...nodes].filter(([, of]) => of === layer).map(([node]) => node).sort();
  if (members.length === 0) continue;
  lines.push(`  subgraph ${layer}`);
  for (const member of members) lines.push(`    ${idOf.get(member)}["${member}"]`);
  lines.push('  end');
}
for (const [from, targets] of [...edges].sort()) for (const to of [...targets].sort()) lines.push(`  ${idOf.get(from)} --> ${idOf.get(to)}`);

const edgeCount = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);
const doc = `# The import graph, folder by folder

Made by \`npm run graph:architecture\` from the code (do not edit by hand): ${nodes.size} folders and files, ${edgeCount} edges,
grouped by the layers of [architecture.md](architecture.md), lowest at the bottom. Arrows point from the importer
to what it imports. Cycles between folders: ${cycles.length === 0 ? 'none' : cycles.map((cycle) => cycle.join(' ↔ ')).join('; ')}.

\`\`\`mermaid
${lines.join('\n')}
\`\`\`
`;
const checkOnly = process.argv.includes('--check');
if (!checkOnly) fs.writeFileSync(path.join(root, 'docs/architecture-graph.md'), doc);
console.log(`${checkOnly ? 'import graph' : 'docs/architecture-graph.md'}: ${nodes.size} folders and files, ${edgeCount} edges, ${cycles.length} cycles between folders`);
for (const cycle of cycles) console.log(`  cycle: ${cycle.join(' ↔ ')}`);
process.exit(cycles.length === 0 ? 0 : 1);
