// The `room` figure: Chromium as Lighthouse's phone (its screen, user agent and 4× CPU slowdown, through Playwright and
// the DevTools protocol) watching the live room, and the share of wall time its main thread spends in tasks over a
// window once the video plays. With a chat load given, the page must show its lines during the window.
import { writeFile } from 'node:fs/promises';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { BenchError, progress, round } from './harness';
import type { ChatLoad } from './room-bench';
import { chatLines } from './room-chat-lines';

export type RoomWatch = {
  /** 100 × the main thread's task time over the window's wall time (both as Chromium counts them). */
  busyPct: number;
  /** Elements in the document at the end of the window (what Lighthouse's DOM size counts). */
  domElements: number;
  /** How far the video's clock moved during the window. */
  videoSeconds: number;
  /** The load's lines its guest received during the window: what the page was sent. */
  chatLines?: number;
};

const warmupMs = 10_000;
const playTimeoutMs = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function videoClock(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
}

/** Until the room's video clock moves by a second: the stream is playing, not only loaded. */
async function waitForPlayback(page: Page): Promise<void> {
  const deadline = Date.now() + playTimeoutMs;
  let first: number | undefined;
  while (Date.now() < deadline) {
    const now = await videoClock(page);
    if (now > 0 && first === undefined) first = now;
    if (first !== undefined && now > first + 1) return;
    await sleep(250);
  }
  throw new BenchError(`The room's video did not play within ${playTimeoutMs / 1000} s on the throttled phone.`);
}

/** The chat list's text (the list the e2e journeys read: named "Chat"). */
async function chatText(page: Page): Promise<string> {
  const list = page.getByRole('list', { name: 'Chat' });
  if ((await list.count()) === 0) throw new BenchError('The room page has no list named "Chat": update bench/support/room-watch.ts to find the chat.');
  return (await list.first().textContent()) ?? '';
}

async function mainThreadClock(cdp: CDPSession): Promise<{ taskSeconds: number; wallSeconds: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const read = (name: string) => {
    const metric = metrics.find((entry) => entry.name === name);
    if (!metric) throw new BenchError(`Chromium's Performance.getMetrics has no ${name}.`);
    return metric.value;
  };
  return { taskSeconds: read('TaskDuration'), wallSeconds: read('Timestamp') };
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The functions that took the most of a profile's samples (self time), as "share %  name  file:line" lines. */
function topSelfTime(profile: CpuProfile, count: number): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const key = `${frame.functionName || '(anonymous)'}  ${frame.url.replace(/^.*\/_next\//, '_next/')}:${frame.lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const all = [...totals.values()].reduce((sum, value) => sum + value, 0) || 1;
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, value]) => `${round((100 * value) / all, 1)} %  ${key}`);
}

/**
 * Opens `url` in a fresh Chromium as Lighthouse's phone and measures `seconds` of watching after the warm-up. With
 * `profilePath`, the window's JavaScript is also sampled (the DevTools CPU profile is written there, for the
 * Performance panel) and its busiest functions printed.
 */
export async function watchRoom(executablePath: string, url: string, seconds: number, load?: ChatLoad, profilePath?: string): Promise<RoomWatch> {
  const { screenEmulationMetrics, userAgents, throttling } = await import('lighthouse/core/config/constants.js');
  const phone = screenEmulationMetrics.mobile;
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--mute-audio'] });
  try {
    const context = await browser.newContext({
      viewport: { width: phone.width, height: phone.height },
      deviceScaleFactor: phone.deviceScaleFactor,
      isMobile: phone.mobile,
      hasTouch: true,
      userAgent: userAgents.mobile,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.mobileSlow4G.cpuSlowdownMultiplier });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await waitForPlayback(page);
    await sleep(warmupMs);
    if ((await page.evaluate(() => document.visibilityState)) !== 'visible') throw new BenchError('The watching page is not visible: the figure would miss what a viewer sees.');

    // The task clock and the load's count are read together, so the lines counted are those of the timed window.
    const mark = async () => {
      const [clock, count] = await Promise.all([mainThreadClock(cdp), load?.count()]);
      return { clock, delivered: count?.delivered };
    };
    const before = { video: await videoClock(page), chat: load ? await chatText(page) : '' };
    if (profilePath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const from = await mark();
    await sleep(seconds * 1000);
    const to = await mark();
    if (profilePath) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      await writeFile(profilePath, JSON.stringify(profile));
      progress(`CPU profile of the window written to ${profilePath}; the busiest functions (self time):\n  ${topSelfTime(profile, 25).join('\n  ')}`);
    }
    const after = { video: await videoClock(page), chat: load ? await chatText(page) : '' };
    const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);

    const watched: RoomWatch = {
      busyPct: round((100 * (to.clock.taskSeconds - from.clock.taskSeconds)) / (to.clock.wallSeconds - from.clock.wallSeconds), 1),
      domElements,
      videoSeconds: round(after.video - before.video, 1),
      chatLines: to.delivered === undefined || from.delivered === undefined ? undefined : to.delivered - from.delivered,
    };
    if (load) {
      // The page itself must have shown the chat moving, not only been sent it.
      const showsLoad = chatLines.some((line) => after.chat.includes(line));
      if (after.chat === before.chat || !showsLoad) {
        throw new BenchError(`The room page did not show the chat moving during the window (the list ${after.chat === before.chat ? 'did not change' : 'shows none of the load\'s lines'}).`);
      }
    }
    progress(
      `watched ${url} ${load ? `with chat at ${load.rate} lines/s (${watched.chatLines} lines in the window)` : 'without chat'} for ${seconds} s: main thread busy ${watched.busyPct} %, ${domElements} elements, video moved ${watched.videoSeconds} s`,
    );
    return watched;
  } finally {
    await browser.close();
  }
}
