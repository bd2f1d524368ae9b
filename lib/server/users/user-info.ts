import 'server-only';
// What the browser stores as userInfo (spec §3) and the small reads beside it: assets and anchor status. Their
// shapes are in lib/validation/users.ts.
// Every function reads the caller's own account; no client-supplied id is ever looked at.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users, vipMemberships } from '@/lib/db/schema';
import { readWallet } from '@/lib/server/ledger/balances';
import { maskPhone } from '@/lib/format/phone';
import { SessionExpiredError } from '@/lib/server/http/errors';
import { createImSig } from '@/lib/server/session/im-sig';
import { findOpenLive } from '@/lib/server/live-state/state';
import type { AnchorStatus, UserAsset, UserInfo, UserRole } from '@/lib/validation/users';
import { levelProgress } from './levels';
import { nextNicknameChangeAt } from './profile';

/** The caller's user info; `sessionId` is the sign-in session the messaging sig is bound to. */
export async function getUserInfo(db: Db, userId: number, sessionId: number): Promise<UserInfo> {
  const [row] = await db
    .select({ user: users, vipExpiresAt: vipMemberships.expiresAt })
    .from(users)
    .leftJoin(vipMemberships, eq(vipMemberships.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const user = row?.user;
  // The session outlived its account (deleted by an operator): the caller must sign in again.
  if (!user) throw new SessionExpiredError();
  const wallet = await readWallet(db, userId);
  const changeAt = nextNicknameChangeAt(user.nicknameChangedAt);
  return {
    id: user.id,
    nick_name: user.nickName,
    avatar: user.avatar,
    level: user.level,
    ...levelProgress(user.level, user.experience),
    diamond: wallet.diamond,
    gold: wallet.gold,
    mobile: user.mobile,
    formatPhone: maskPhone(user.mobile),
    sig: createImSig(user.id, sessionId),
    vip_level: user.vipLevel,
    vip_expires_at: row.vipExpiresAt ? Math.floor(row.vipExpiresAt.getTime() / 1000) : 0,
    role: user.role,
    is_anchor: user.role === 'anchor' ? 1 : 0,
    console: user.role === 'operator' || user.consoleRole !== null ? 1 : 0,
    has_password: user.passwordHash ? 1 : 0,
    nickname_change_at: changeAt && changeAt.getTime() > Date.now() ? Math.floor(changeAt.getTime() / 1000) : 0,
  };
}

/** GET /api/user/getUserAsset: the balances alone, in hundredths. */
export async function getUserAsset(db: Db, userId: number): Promise<UserAsset> {
  return readWallet(db, userId);
}

/** Anchors are the accounts with role anchor; is_live is 1 while they have a live open (started, on air or away). */
export async function getAnchorStatus(db: Db, user: { id: number; role: UserRole }): Promise<AnchorStatus> {
  const live = await findOpenLive(db, user.id);
  return { is_anchor: user.role === 'anchor' ? 1 : 0, is_live: live ? 1 : 0 };
}
