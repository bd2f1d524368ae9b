// The house's direction (docs/architecture.md), checked by `npm run check:architecture` in `npm test`:
// no import cycles (type-only imports included), no import from a layer to one above it, no server code
// reachable from a browser file, and a database module that knows no domain.
const fs = require('node:fs');
const path = require('node:path');

const { layers } = require('./scripts/architecture-layers.cjs');

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (paths) => `^(${paths.map((each) => (each.endsWith('/') ? escapeRegExp(each) : `${escapeRegExp(each)}$`)).join('|')})`;

// Exceptions inside a folder (the route handler kit sits above the domains it authenticates with) win over
// the folder: a file belongs to the most specific path that names it.
const units = [];
layers.forEach((layer, layerIndex) => {
  const members = layer.ordered ?? layer.paths;
  members.forEach((member, order) => units.push({ layer: layer.name, rank: layerIndex * 100 + (layer.ordered ? order : 0), path: member }));
});

/** Files that must never reach a browser bundle: those that say so (`import 'server-only'`). */
function serverOnlyFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && /^import 'server-only';/m.test(fs.readFileSync(path.join(root, relative), 'utf8'))) found.push(relative);
    }
  };
  walk('lib');
  return found;
}

// One rule per unit: "from this unit, nothing of a higher rank". Generated, so the list above is the only truth.
const upwardRules = units.map((unit) => {
  const higher = units.filter((other) => other.rank > unit.rank).map((other) => other.path);
  // A file named by a lower unit inside a higher folder (lib/realtime/protocol.ts in lib/realtime/) stays allowed.
  const carvedOut = units
    .filter((other) => other.rank <= unit.rank && higher.some((folder) => folder.endsWith('/') && other.path !== folder && other.path.startsWith(folder)))
    .map((other) => other.path);
  return {
    name: `layer:${unit.path}`,
    comment: `${unit.path} (${unit.layer}) may import only its own layer and the ones below it (docs/architecture.md)`,
    severity: 'error',
    from: { path: unit.path.endsWith('/') ? `^${escapeRegExp(unit.path)}` : `^${escapeRegExp(unit.path)}$`, pathNot: moreSpecificThan(unit) },
    to: { path: pattern(higher), ...(carvedOut.length ? { pathNot: pattern(carvedOut) } : {}) },
  };
}).filter((rule) => rule.to.path !== '^()');

/** The files under a folder unit that another, more specific unit claims: they follow that unit's rule. */
function moreSpecificThan(unit) {
  const inner = units.filter((other) => other.path !== unit.path && other.path.startsWith(unit.path)).map((other) => other.path);
  return inner.length ? pattern(inner) : undefined;
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle (type-only imports count): modules that cannot be understood, tested or loaded one at a time',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'db-knows-no-domain',
      comment: 'lib/db opens and migrates the database (and reports its pool to metrics); seeds and rules live in lib/server',
      severity: 'error',
      from: { path: '^lib/db/' },
      to: { path: '^(lib/server/(?!(log|metrics)\\.ts$)|lib/realtime/(?!protocol\\.ts$|protocol-constants\\.ts$|match-messages\\.ts$)|components/|stores/|app/)' },
    },
    {
      name: 'seeds-are-not-imported-by-domains',
      comment: 'Seeds import domains, never the other way: a route must not pull in the match importer and the demo content',
      severity: 'error',
      from: { path: '^lib/server/', pathNot: '^lib/server/(seed|roles|ops)/' },
      to: { path: '^lib/server/seed/' },
    },
    {
      name: 'browser-gets-no-server-code',
      comment: "A 'use client' module (and all it imports, types included) never reaches server code",
      severity: 'error',
      from: { path: clientFilesPattern() },
      to: { path: `^(lib/server/|lib/db/|lib/env\\.ts$|lib/seo/|${serverOnlyFiles(__dirname).map(escapeRegExp).join('|')})`, reachable: true },
    },
    {
      name: 'ui-gets-data-from-loaders',
      comment: 'Components and stores take their data as props or from the API: they import no server module and no database code',
      severity: 'error',
      from: { path: '^(components|stores)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(lib/server/|lib/db/)' },
    },
    {
      name: 'pages-read-through-loaders',
      comment: 'A page or layout reads its data through a loader of lib/server/public-pages, never a domain or the database',
      severity: 'error',
      from: { path: '^app/\\[brand\\]/' },
      to: { path: '^(lib/db/|lib/server/(?!public-pages/))' },
    },
    ...upwardRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next|test-results|data)/' },
    // Tests may import anything; they are checked for cycles through what they import.
    includeOnly: '^(app|components|stores|lib|i18n|messages|config|server\\.ts|proxy\\.ts|scripts|bench)',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { dot: { collapsePattern: '^(lib/server/[^/]+|lib/[^/]+|components/[^/]+|app|stores|scripts|bench|messages)/' } },
  },
};

/** Modules that start with the 'use client' directive. */
function clientFilesPattern() {
  const found = [];
  const walk = (dir) => {
    if (!fs.existsSync(path.join(__dirname, dir))) return;
    for (const entry of fs.readdirSync(path.join(__dirname, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && /^\s*['"]use client['"]/.test(fs.readFileSync(path.join(__dirname, relative), 'utf8'))) found.push(relative);
    }
  };
  for (const dir of ['app', 'components', 'stores', 'lib']) walk(dir);
  return `^(${found.map((file) => `${escapeRegExp(file)}$`).join('|')})`;
}
