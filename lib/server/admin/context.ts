import 'server-only';
// What every console route hands its action: the acting user (checked against the role matrix) and the audit
// context (who, which role, from which address, on which brand).
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import type { Brand } from '@/lib/brand/registry';
import { plainAddress } from '@/lib/server/http/forwarded';
import type { ConsoleRight } from '@/lib/validation/admin';
import type { AuditContext } from './audit';
import { requireConsole, sealedConsoleCookie, type ConsoleActor } from './console-session';

type ConsoleCall = { actor: ConsoleActor; audit: AuditContext };

/** The address the audit log records: the one the server trusts (lib/server/http/client-ip.ts), in full. */
function auditAddress(request: NextRequest): string {
  return plainAddress(request.headers.get('x-forwarded-for')?.split(',').at(-1)) ?? '';
}

export async function consoleCall(db: Db, request: NextRequest, brand: Brand, right: ConsoleRight | 'self'): Promise<ConsoleCall> {
  const actor = await requireConsole(db, sealedConsoleCookie(request.cookies), brand.id, right);
  return { actor, audit: { actorId: actor.id, actorRole: actor.role, ip: auditAddress(request), brandId: brand.id } };
}
