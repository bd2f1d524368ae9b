import 'server-only';
// What this process sends into each Tencent group, in what order and how fast: Tencent lets a live group carry
// 40 messages a second, so each group gets a sliding one-second window of that many sends: a send holds its place
// from its start until a second after its reply (Tencent counts it on arrival, somewhere in between). Messages the built-in
// gateway delivers at once (gifts, props, moderation, announcements, quizzes, follows: everything that is not
// batchable chat, `batchableTypes`) go before waiting chat; chat that waits longer than the window can drain is
// dropped oldest first, as the gateway samples chat away under load, never a priority message.
import { batchableTypes } from '@/lib/realtime/protocol';
import { log } from '@/lib/server/log';
import type { GroupMessage } from './rest';

export type OutboxLimits = {
  /** Sends per group in any one second. */
  perSecond: number;
  /**
   * Sends in flight at once per group. 1 keeps the group's order as Tencent numbers it (a ban before its unban, as
   * the gateway keeps it); more sends faster over a slow link but messages may overtake each other.
   */
  inFlight: number;
  /** Chat waiting per group beyond this is dropped, oldest first (five seconds of the budget by default). */
  maxChatWaiting: number;
};

export type OutboxClock = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
};

const systemClock: OutboxClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
};

type GroupQueue = {
  priority: GroupMessage[];
  chat: GroupMessage[];
  /** When the sends of the last second were answered, oldest first. */
  answeredAt: number[];
  inFlight: number;
  timer: unknown;
};

export type GroupOutbox = {
  enqueue(message: GroupMessage): void;
  /** Messages waiting in all groups. */
  waiting(): number;
  /** Resolves once nothing waits or is in flight (tests, shutdown). */
  idle(): Promise<void>;
};

function isPriorityMessage(type: string): boolean {
  return !batchableTypes.has(type);
}

export function createGroupOutbox(send: (message: GroupMessage) => Promise<unknown>, limits: Partial<OutboxLimits> = {}, clock: OutboxClock = systemClock): GroupOutbox {
  const perSecond = limits.perSecond ?? 40;
  const inFlight = limits.inFlight ?? 1;
  const maxChatWaiting = limits.maxChatWaiting ?? perSecond * 5;
  const groups = new Map<string, GroupQueue>();
  let idleWaiters: (() => void)[] = [];

  const busy = () => [...groups.values()].some((queue) => queue.priority.length + queue.chat.length + queue.inFlight > 0);
  const settle = () => {
    if (busy()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const drain = (groupId: string) => {
    const queue = groups.get(groupId);
    if (!queue) return;
    queue.timer = undefined;
    for (;;) {
      const now = clock.now();
      while (queue.answeredAt.length > 0 && queue.answeredAt[0] <= now - 1000) queue.answeredAt.shift();
      if (queue.priority.length + queue.chat.length === 0 || queue.inFlight >= inFlight) break;
      if (queue.answeredAt.length + queue.inFlight >= perSecond) {
        // A place frees when the oldest answer is a second old (or when a send in flight is answered, see below).
        if (queue.answeredAt.length > 0) queue.timer = clock.setTimeout(() => drain(groupId), queue.answeredAt[0] + 1000 - now + 1);
        break;
      }
      const message = (queue.priority.length > 0 ? queue.priority : queue.chat).shift() as GroupMessage;
      queue.inFlight += 1;
      void send(message)
        .catch((error: unknown) => {
          log.warn('tencent im message not delivered', { group: groupId, type: message.type, error: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => {
          queue.inFlight -= 1;
          queue.answeredAt.push(clock.now());
          if (queue.timer === undefined) drain(groupId);
          settle();
        });
    }
    settle();
  };

  // Groups with nothing waiting and no send in the last second are forgotten, so idle groups cost nothing.
  const forgetIdle = () => {
    const now = clock.now();
    for (const [groupId, queue] of groups) {
      const quiet = queue.priority.length + queue.chat.length + queue.inFlight === 0 && queue.timer === undefined;
      if (quiet && (queue.answeredAt.length === 0 || queue.answeredAt[queue.answeredAt.length - 1] <= now - 1000)) groups.delete(groupId);
    }
  };

  return {
    enqueue(message) {
      let queue = groups.get(message.groupId);
      if (!queue) {
        if (groups.size >= 1000) forgetIdle();
        queue = { priority: [], chat: [], answeredAt: [], inFlight: 0, timer: undefined };
        groups.set(message.groupId, queue);
      }
      if (isPriorityMessage(message.type)) {
        queue.priority.push(message);
      } else {
        queue.chat.push(message);
        if (queue.chat.length > maxChatWaiting) {
          queue.chat.shift();
          log.warn('tencent im chat dropped: group over its budget', { group: message.groupId });
        }
      }
      if (queue.timer === undefined) drain(message.groupId);
    },
    waiting: () => [...groups.values()].reduce((sum, queue) => sum + queue.priority.length + queue.chat.length, 0),
    idle() {
      if (!busy()) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
