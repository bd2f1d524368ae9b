// server.ts and the ops CLI run outside Next's bundler, where `import 'server-only'` would throw:
// there the marker resolves to its empty module, as it does in Next's server bundle.
const Module = require('node:module');
const original = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  if (request === 'server-only') return require('node:path').join(__dirname, 'server-only-empty.cjs');
  return original.call(this, request, ...rest);
};
