// jsdom has no fetch classes, TextEncoder or crypto.subtle, which ky and the response decryption need:
// borrow Node's own from the outer realm. Import this before anything that loads ky.
import { webcrypto } from 'node:crypto';
import vm from 'node:vm';

const node = vm.runInThisContext('globalThis') as typeof globalThis;
const borrowed = [
  'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File', 'AbortController', 'AbortSignal',
  'ReadableStream', 'TextEncoder', 'TextDecoder',
] as const;
for (const name of borrowed) Object.defineProperty(globalThis, name, { value: node[name], configurable: true, writable: true });
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
