import 'server-only';
// Password hashing (argon2id, OWASP's minimum: m = 19 MiB, t = 2, p = 1) and the rules a new password must pass.
import crypto from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from '@/lib/server/http/errors';
import { isCommonPassword } from './common-passwords';

// Algorithm.Argon2id; the package declares it as a const enum, which isolated modules cannot read.
const argon2id: Algorithm = 2;
const hashOptions = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no hash to check against (unknown phone, no password set),
 * so the reply's timing does not tell which phones have accounts. Always false.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(18).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Refuses passwords from the well-known-passwords list (ASVS 6.2.4); case does not make them safer. */
export function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) throw new AppError('auth.passwordTooCommon');
}
