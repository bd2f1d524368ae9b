import 'server-only';
// What an operator command is, and the error that tells the operator what to type instead.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Db } from '@/lib/db';

export type OpsCommand = {
  name: string;
  /** Arguments after the command name, e.g. `<phone> <anchor|manager|operator|user>`. */
  usage: string;
  summary: string;
  /** Refused when the command reaches a running server through its ops socket (a restore replaces its database). */
  needsStoppedServer?: boolean;
  /** `database` opens the database on first call, so commands that do not need it never lock it. */
  run(args: string[], database: () => Promise<Db>): Promise<string | OpsFindings>;
};

/** What a check prints when it found problems: printed like any output, then the command exits with 1. */
type OpsFindings = { text: string; failed: true };

/** A mistake the operator can fix; printed without a stack trace. */
export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsError';
  }
}

export function usageLine(command: Pick<OpsCommand, 'name' | 'usage'>): string {
  return `npm run ops -- ${command.name}${command.usage ? ` ${command.usage}` : ''}`;
}

/**
 * util.parseArgs in strict mode, with exactly the named positionals (at least them with `morePositionals`, as in a list
 * of rewards); mistakes become OpsErrors that show the usage.
 */
export function parseCommandArgs<const Options extends NonNullable<ParseArgsConfig['options']>>(
  command: Pick<OpsCommand, 'name' | 'usage'>,
  args: string[],
  options: Options,
  positionalNames: readonly string[] = [],
  morePositionals = false,
) {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(args, options), options, allowPositionals: true, strict: true });
  } catch (error) {
    // Checked by its code, not `instanceof TypeError`: under a VM context (jest) Node's errors come from another realm.
    if (typeof error === 'object' && error !== null && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      throw new OpsError(`${'message' in error ? String(error.message) : String(error)}\nUsage: ${usageLine(command)}`);
    }
    throw error;
  }
  if (morePositionals ? parsed.positionals.length < positionalNames.length : parsed.positionals.length !== positionalNames.length) {
    const expected = positionalNames.length ? positionalNames.map((name) => `<${name}>`).join(' ') : 'no arguments';
    throw new OpsError(`${command.name} takes ${expected}.\nUsage: ${usageLine(command)}`);
  }
  return parsed;
}

/** `--start -1` means "a minute ago": strict parseArgs reads `-1` as an option, so bind it as `--start=-1`. */
function joinNegativeValues(args: string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const name = args[index].startsWith('--') ? args[index].slice(2) : undefined;
    const next = args[index + 1];
    if (name && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${args[index]}=${next}`);
      index += 1;
    } else {
      joined.push(args[index]);
    }
  }
  return joined;
}
