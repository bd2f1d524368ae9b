// Schema-derived inputs on every API route that declares a zod input (issue 28's hardening, figures in
// docs/hardening.md). Each route's own caller (a signed-in viewer; for the anchor, manager, operator and console
// routes an operator with a console session) sends it inputs drawn from its own schema, which must reach the
// rules (status 0 or a refusal with a message, never an internal error), and the same inputs mutated (wrong types,
// removed and extra fields, `__proto__`, NaN, 1e309, 2^53+1, naughty, 1 MB and deeply nested values, truncated
// JSON, a wrong content type). A mutant the schema refuses must be refused, and must change no row of any table.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { z } from 'zod';
import { getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { declaredAuth, declaredInput, noInput } from '@/lib/server/http/handler';
import { consoleCookieName, sealConsoleGrant } from '@/lib/server/admin/console-session';
import { log } from '@/lib/server/log';
import { createSession } from '@/lib/server/session/sessions';
import { changedTables, databaseFingerprint } from '@/tests/support/db-fingerprint';
import fc from 'fast-check';
import { mutants, objectShape, queryInput, validInputs, type Hints, type Mutant } from '@/tests/support/zod-arbitrary';

const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 60);
// Fields whose rules a derived string almost never meets (an ISO instant in this century, a list of tag keys), drawn
// half the time from values that pass, so the routes that take them are fuzzed beyond their schema.
const fieldHints: Hints = {
  publish_at: fc.constantFrom('', '2031-05-01T12:00:00.000Z'),
  unpublish_at: fc.constantFrom('', '2032-05-01T12:00:00.000Z'),
  tags: fc.constantFrom('', 'world-cup-2022, final'),
};
const locale = 'en-US';

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** privileged: a route for anchors, managers or operators, or a console action: an operator sends its inputs. */
type Route = { label: string; method: 'GET' | 'POST'; handler: Handler; schema: z.ZodType; privileged: boolean };

/** Every route under app/api and app/webapi whose handler declares an input schema, by the method that takes a body when it has one. */
async function routesWithSchemas(): Promise<{ routes: Route[]; uploads: string[] }> {
  const labels: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') labels.push(path.relative(path.join(process.cwd(), 'app'), dir).split(path.sep).join('/'));
    }
  };
  for (const root of ['api', 'webapi']) walk(path.join(process.cwd(), 'app', root));
  const routes: Route[] = [];
  const uploads: string[] = [];
  for (const label of labels.sort()) {
    const module = (await import(path.join(process.cwd(), 'app', label, 'route.ts'))) as Record<string, unknown>;
    for (const method of ['POST', 'GET'] as const) {
      const declared = declaredInput(module[method]);
      if (!declared || declared === noInput) continue;
      const schema = typeof declared === 'function' ? declared(locale) : declared;
      const shape = objectShape(schema) ?? {};
      // Multipart uploads have their own fuzz (tests/api/fuzz-uploads.test.ts): JSON cannot carry a file.
      if (Object.values(shape).some((field) => field instanceof z.ZodFile || (field instanceof z.ZodOptional && field.unwrap() instanceof z.ZodFile))) uploads.push(label);
      else {
        const auth = declaredAuth(module[method]);
        const privileged = label.startsWith('api/admin/') || auth === 'anchor' || auth === 'manager' || auth === 'operator';
        routes.push({ label, method, handler: module[method] as Handler, schema, privileged });
      }
      break;
    }
  }
  return { routes, uploads };
}

let viewerId = 0;
let operatorId = 0;
/** The caller of the route being fuzzed: its site token, and for an operator the sealed console cookie. */
let credential = '';
let consoleCookie = '';

beforeAll(async () => {
  const db = await getDb();
  viewerId = 100_000_000 + crypto.randomInt(0, 800_000_000);
  operatorId = viewerId + 2;
  await db.insert(users).values({ id: viewerId, mobile: `175${String(viewerId).slice(-8)}`, nickName: `Derive${viewerId % 100_000}`, brandId: 'sportcast' });
  await db.insert(users).values({ id: operatorId, mobile: `177${String(operatorId).slice(-8)}`, nickName: `Operate${operatorId % 100_000}`, brandId: 'sportcast', role: 'operator' });
}, 60_000);

type Reply = { httpStatus: number; body: unknown; internal?: unknown };

async function send(route: Route, text: string, contentType = 'application/json'): Promise<Reply> {
  const headers = new Headers({ host: 'localhost:3000', origin: 'http://localhost:3000', lang: locale, authorization: `Bearer ${credential}` });
  if (consoleCookie) headers.set('cookie', `${consoleCookieName.plain}=${consoleCookie}`);
  let url = `http://localhost:3000/${route.label}`;
  let body: string | undefined;
  if (route.method === 'GET') url += `?${new URLSearchParams(queryInput(JSON.parse(text) as Record<string, unknown>)).toString()}`;
  else {
    body = text;
    headers.set('content-type', contentType);
  }
  const response = await route.handler(new NextRequest(url, { method: route.method, headers, body }), { params: Promise.resolve({}) });
  const raw = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = raw;
  }
  return { httpStatus: response.status, body: parsed };
}

/** The envelope every reply has: exactly status, msg and data (and `encrypt` on an obfuscated success). */
function envelopeProblem(reply: Reply): string | undefined {
  if (reply.httpStatus >= 500) return `HTTP ${reply.httpStatus}`;
  const body = reply.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `not an envelope: ${String(body).slice(0, 100)}`;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'data,msg,status' && keys !== 'data,encrypt,msg,status') return `envelope keys ${keys}`;
  const { status, msg } = body as { status: unknown; msg: unknown };
  if (!Number.isInteger(status)) return `status ${JSON.stringify(status)}`;
  if (typeof msg !== 'string' || (status !== 0 && msg.trim() === '')) return `msg ${JSON.stringify(msg)}`;
  return undefined;
}

/** Whether the handler must refuse this mutant before any rule runs: bad JSON, too big, another type, or the schema says no. */
function refusedBeforeRules(route: Route, mutant: Mutant): boolean {
  if (mutant.contentType && !mutant.contentType.includes('json')) return true;
  if (route.method === 'POST' && Buffer.byteLength(mutant.text) > getEnv().MAX_BODY_BYTES) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(mutant.text);
  } catch {
    return true;
  }
  if (route.method === 'GET') {
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
    parsed = queryInput(parsed as Record<string, unknown>);
  }
  return !route.schema.safeParse(parsed).success;
}

/** GET routes read a query string: only objects make one. */
function expressible(route: Route, mutant: Mutant): boolean {
  if (route.method === 'POST') return true;
  try {
    const parsed: unknown = JSON.parse(mutant.text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && !mutant.contentType;
  } catch {
    return false;
  }
}

describe('every API route with an input schema, under inputs derived from it', () => {
  it('has a fingerprint that sees a new row and a changed value', async () => {
    const db = await getDb();
    const before = await databaseFingerprint();
    const id = viewerId + 1;
    await db.insert(users).values({ id, mobile: `176${String(id).slice(-8)}`, nickName: 'Seen', brandId: 'sportcast' });
    const added = await databaseFingerprint();
    await db.update(users).set({ nickName: 'Seen again' }).where(eq(users.id, id));
    expect(changedTables(before, added)).toEqual(['users']);
    expect(changedTables(added, await databaseFingerprint())).toEqual(['users']);
  });

  it(
    `answers ${runsPerRoute} valid inputs per route by its rules, refuses every mutant the schema refuses, and changes nothing on a refusal`,
    async () => {
      const { routes, uploads } = await routesWithSchemas();
      expect(routes.length).toBeGreaterThan(70);
      const db = await getDb();
      const failures: string[] = [];
      const stateChanges: string[] = [];
      const noValidInput: string[] = [];
      // Fields whose schema takes a 1 MB string or 5 000 levels of nesting: not a failure, but worth a look.
      const unbounded = new Set<string>();
      let validCalls = 0;
      let refusedCalls = 0;
      let acceptedMutants = 0;
      let fingerprints = 0;
      let fingerprintMs = 0;
      const fingerprint = async () => {
        const start = Date.now();
        const taken = await databaseFingerprint();
        fingerprintMs += Date.now() - start;
        fingerprints += 1;
        return taken;
      };
      let validOk = 0;
      const routesOk = new Set<string>();
      const privilegedOk = new Set<string>();
      const started = Date.now();
      const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
      const internalError = () => logged.mock.calls.find(([message]) => message === 'request failed');

      const timings: [string, number][] = [];
      for (const route of routes) {
        const routeStarted = Date.now();
        // A fresh session per route: a valid input may well change the password or sign the caller out. An operator's
        // console session has given its password and second factor just now, so sensitive actions reach their rules.
        const callerId = route.privileged ? operatorId : viewerId;
        credential = (await createSession(db, callerId, `derive-${callerId}`)).credential;
        consoleCookie = route.privileged ? await sealConsoleGrant({ credential, mfa: true, reauthAt: Date.now() }) : '';
        const { inputs } = validInputs(route.schema, runsPerRoute, { asQuery: route.method === 'GET', hints: fieldHints });
        if (inputs.length === 0) noValidInput.push(route.label);
        const fields = Object.keys(objectShape(route.schema) ?? {});
        // Mutants of two valid inputs (or of an empty object when none was found): issue 28's list per field.
        const sources = inputs.length > 0 ? inputs.slice(0, 2) : [{}];
        const all = sources.flatMap((source) => mutants(source, fields)).filter((mutant) => expressible(route, mutant));
        const refused = all.filter((mutant) => refusedBeforeRules(route, mutant));
        const accepted = all.filter((mutant) => !refusedBeforeRules(route, mutant));
        for (const mutant of accepted) if (mutant.kind === 'big string' || mutant.kind === 'deep nesting') unbounded.add(`${route.label} ${mutant.field ?? ''} (${mutant.kind})`);

        // Refused mutants first, between two fingerprints; on a change, each again between its own.
        const before = await fingerprint();
        const check = async (mutant: Mutant, again = false) => {
          logged.mockClear();
          const reply = await send(route, mutant.text, mutant.contentType);
          if (again) return;
          refusedCalls += 1;
          const problem = envelopeProblem(reply) ?? ((reply.body as { status: number }).status === 0 ? 'answered status 0' : undefined) ?? (internalError() ? `internal error ${JSON.stringify(internalError()?.[1]).slice(0, 200)}` : undefined);
          if (problem) failures.push(`${route.label} ${mutant.kind} ${mutant.field ?? ''}: ${problem} for ${mutant.text.slice(0, 160)}`);
        };
        for (const mutant of refused) await check(mutant);
        const after = await fingerprint();
        if (changedTables(before, after).length > 0) {
          for (const mutant of refused) {
            const one = await fingerprint();
            await check(mutant, true);
            const two = await fingerprint();
            const tables = changedTables(one, two);
            if (tables.length > 0) stateChanges.push(`${route.label} ${mutant.kind} ${mutant.field ?? ''} changed ${tables.join(', ')}: ${mutant.text.slice(0, 160)}`);
          }
          if (stateChanges.every((line) => !line.startsWith(`${route.label} `))) stateChanges.push(`${route.label}: ${changedTables(before, after).join(', ')} changed during its refused inputs, by none alone`);
        }

        // Valid inputs, and the mutants the schema still accepts (stripped extra keys, coerced strings): the rules answer.
        const valid = [...inputs.map((input) => ({ kind: 'valid', text: JSON.stringify(input) }) as Mutant), ...accepted];
        for (const input of valid) {
          logged.mockClear();
          const reply = await send(route, input.text, input.contentType);
          if (input.kind === 'valid') validCalls += 1;
          else acceptedMutants += 1;
          if (input.kind === 'valid' && (reply.body as { status?: unknown } | null)?.status === 0) {
            validOk += 1;
            routesOk.add(route.label);
            if (route.privileged) privilegedOk.add(route.label);
          }
          const problem = envelopeProblem(reply) ?? (internalError() ? `internal error ${JSON.stringify(internalError()?.[1]).slice(0, 300)}` : undefined);
          if (problem) failures.push(`${route.label} ${input.kind} ${input.field ?? ''}: ${problem} for ${input.text.slice(0, 160)}`);
        }
        // A `__proto__` key reached no prototype.
        if ('polluted' in Object.prototype || 'role' in Object.prototype) failures.push(`${route.label}: Object.prototype polluted`);
        timings.push([route.label, Date.now() - routeStarted]);
      }
      logged.mockRestore();
      console.log(
        `schema-derived fuzz: ${routes.length} routes (${routes.filter((route) => route.privileged).length} privileged, sent by an operator, status 0 on ${privilegedOk.size}; uploads left to fuzz-uploads: ${uploads.length}), ${validCalls} valid inputs (${validOk} answered status 0, on ${routesOk.size} routes), ${acceptedMutants} mutants the schema accepts, ` +
          `${refusedCalls} refused mutants, ${fingerprints} fingerprints (${Math.round(fingerprintMs / Math.max(fingerprints, 1))} ms each), ${failures.length} failures, ${stateChanges.length} state changes on a refusal, ${Math.round((Date.now() - started) / 1000)} s; ` +
          `no valid input found for: ${noValidInput.join(', ') || 'none'}; unbounded: ${[...unbounded].join(', ') || 'none'}; slowest: ${timings.sort((a, b) => b[1] - a[1]).slice(0, 5).map(([label, ms]) => `${label} ${ms} ms`).join(', ')}`,
      );
      // Three per route at most: one bug tends to fail every input of its route.
      const perRoute = new Map<string, string[]>();
      for (const failure of failures) perRoute.set(failure.split(' ')[0], [...(perRoute.get(failure.split(' ')[0]) ?? []), failure]);
      expect([...perRoute.values()].flatMap((list) => list.slice(0, 3))).toEqual([]);
      expect(stateChanges).toEqual([]);
    },
    30 * 60_000,
  );
});
