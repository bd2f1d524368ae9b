// The account's own replies (spec §3 user info, §7 /api/user/*): the user info the browser keeps, the sign-in
// reply, the anchor status, the balances and the profile changes' answers. The server builds them typed by these
// schemas; the browser parses them (and its stored copy of the user info) with the same ones. The inputs of these
// calls are in auth.ts.
// zod/mini, imported by name: the user info is parsed on every page, and only what this module names is bundled.
import {
  catch as fallback,
  coerce,
  enum as oneOf,
  extend,
  int,
  literal,
  minLength,
  object,
  optional,
  pipe,
  positive,
  string,
  type infer as Infer,
} from 'zod/mini';

export const userRoles = ['user', 'anchor', 'manager', 'operator'] as const;
export type UserRole = (typeof userRoles)[number];
/** The operator console's narrower roles (docs/admin.md): a full `operator` has every right, these some. */
export const consoleSubRoles = ['content', 'finance', 'moderator'] as const;
export type ConsoleSubRole = (typeof consoleSubRoles)[number];

// Lenient where a stored copy may be older than this build: a non-number (or Infinity) falls back to 0.
const count = fallback(coerce.number(), 0);
const flag = fallback(pipe(coerce.number(), literal([0, 1])), 0);
const text = fallback(string(), '');

/** GET /api/user/getUserInfo: what the browser stores as `userInfo`. */
export const userInfoSchema = object({
  id: pipe(coerce.number(), int().check(positive())),
  nick_name: text,
  avatar: text,
  level: count,
  process: count,
  remainder: count,
  /** Hundredths; shown /100 as gems. */
  diamond: count,
  /** Hundredths; shown /100 as diamonds. */
  gold: count,
  mobile: text,
  formatPhone: text,
  sig: text,
  vip_level: count,
  /** Unix seconds when the VIP membership ends; 0 when not a member. */
  vip_expires_at: count,
  role: fallback(oneOf(userRoles), 'user'),
  is_anchor: flag,
  /** 0 when the account was created by SMS and never given a password: the profile offers "set" rather than "change". */
  has_password: flag,
  /** Unix seconds from which the nickname may change again; 0 when it may change now. */
  nickname_change_at: count,
  /** 1 when the account may open the operator console (an operator or a console sub-role): the menu links it. */
  console: optional(flag),
});
export type UserInfo = Infer<typeof userInfoSchema>;

/** POST /api/user/login and /webapi/user/register: the user info plus the session token. */
export const signedInSchema = extend(userInfoSchema, { token: string().check(minLength(1)) });
export type SignedIn = Infer<typeof signedInSchema>;

/** POST /api/user/checkAnchorStatus: is_live is 1 while the anchor has a live open (started, on air or away). */
export const anchorStatusReply = object({ is_anchor: flag, is_live: flag });
export type AnchorStatus = Infer<typeof anchorStatusReply>;

/** GET /api/user/getUserAsset: the balances alone, in hundredths. */
export const userAssetReply = object({ diamond: count, gold: count });
export type UserAsset = Infer<typeof userAssetReply>;

/** POST /api/user/updateNickname: the nickname as stored. */
export const updateNicknameReply = object({ nick_name: string() });
export type UpdateNicknameReply = Infer<typeof updateNicknameReply>;

/** POST /api/user/uploadAvatar: the new avatar's URL. */
export const uploadAvatarReply = object({ avatar: string().check(minLength(1)) });
export type UploadAvatarReply = Infer<typeof uploadAvatarReply>;

/** POST /api/user/setPassword and /api/user/forgetPwdHash: the sentence the page toasts (spec §7 data.msg). */
export const passwordMessageReply = object({ msg: text });
export type PasswordMessageReply = Infer<typeof passwordMessageReply>;
