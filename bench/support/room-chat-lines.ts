// The lines the room benchmark's chat load says (room-chat-load.ts), and how the page is checked for them (room-watch.ts).

/** What a busy room says: short and long, English and Chinese, emoji. */
export const chatLines = [
  'GOAL!!! ⚽⚽⚽',
  '好球！',
  'what a save 🧤',
  'ref is blind 🙈',
  '这个传球太漂亮了，直接打穿了整条防线',
  'come onnnn',
  '加油加油加油 💪',
  'that was never offside, the defender was a full yard behind him when the ball was played',
  '👏👏👏',
  'lol',
  '主队今天的中场控制得很好，对方几乎碰不到球',
  'who else is watching from the office 😂',
  'Coach, what do you think of the substitution?',
  '换人换得好',
  'penalty!! clear penalty',
  '🔥🔥🔥🔥',
  'keeper off his line again',
  '门将今天状态神勇 🧱',
  'this commentary is the best, way better than the TV one',
  'hello from Kuala Lumpur 👋',
  '下半场能不能再进一个？',
  'VAR check incoming…',
  'yellow card for sure 🟨',
  '哈哈哈哈哈',
  'the pressing in the last ten minutes has been relentless, they cannot get out of their own half',
  'unlucky, off the post 😭',
  '裁判这个判罚有争议',
  'gg',
  'anyone know who the number ten is? what a first touch',
  '🎉',
  '太可惜了，差一点就进了',
  'defence asleep 💤',
  'that chant in the stadium is giving me chills',
  '支持主播！',
  'counter attack, go go go 🏃‍♂️💨',
  'nooooo',
] as const;

/**
 * The n-th line of the load: a fixed pseudo-random pick (the same in every run), never a short cycle, so the lines a
 * page shows at one moment differ from those it shows a few seconds later.
 */
export function chatLine(n: number): string {
  let x = (n + 0x6d2b79f5) | 0;
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return chatLines[((x ^ (x >>> 14)) >>> 0) % chatLines.length];
}
