import 'server-only';
// Operator commands on accounts: roles, and finding an account by its phone number.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { userRoles, users, type UserRole } from '@/lib/db/schema';
import { announceIdentityChange } from '@/lib/server/session/identity-change';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

function isUserRole(value: string): value is UserRole {
  return (userRoles as readonly string[]).includes(value);
}

/** A phone number as the login form stores it: digits only (spaces, dashes and a leading + dropped). */
function storedPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '').replace(/^\+/, '');
}

/** The account an operator names by phone number; an OpsError if nobody has logged in with it. */
export async function findAccountByPhone(db: Db, phone: string): Promise<{ id: number; mobile: string }> {
  const mobile = storedPhone(phone);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  if (!user) throw new OpsError(`No account has the phone number ${mobile}. The user must log in once to create it.`);
  return { id: user.id, mobile };
}

/** Sets the role of the account with this phone number; the handler reads roles per request and the gateways are told, so it applies at once. */
export async function setUserRole(db: Db, phone: string, role: string): Promise<{ id: number; previousRole: UserRole; role: UserRole }> {
  if (!isUserRole(role)) throw new OpsError(`Unknown role "${role}". Use one of: ${userRoles.join(', ')}.`);
  const mobile = storedPhone(phone);
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.mobile, mobile)).for('update');
    if (!user) throw new OpsError(`No account has the phone number ${mobile}. The user must log in once to create it.`);
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    return { id: user.id, previousRole: user.role, role };
  });
  // Open chat sockets take the new role at once (a demoted manager stops moderating).
  if (result.previousRole !== result.role) await announceIdentityChange(result.id);
  return result;
}

export const userRoleCommand: OpsCommand = {
  name: 'user:role',
  usage: `<phone> <${userRoles.join('|')}>`,
  summary: "set an account's role",
  async run(args, database) {
    const { positionals } = parseCommandArgs(userRoleCommand, args, {}, ['phone', 'role']);
    const [phone, role] = positionals;
    // A typo in the role is reported before the database is opened.
    if (!isUserRole(role)) throw new OpsError(`Unknown role "${role}". Use one of: ${userRoles.join(', ')}.`);
    const result = await setUserRole(await database(), phone, role);
    return result.previousRole === result.role
      ? `User ${result.id} (${phone}) already has the role ${result.role}.`
      : `User ${result.id} (${phone}): role ${result.previousRole} → ${result.role}.`;
  },
};
