// Listens on one account's user channel of the bus (what that account's tabs are told) for the length of a test.
import { getBus, userChannel } from '@/lib/realtime/bus';

export type Heard = { type: string; [key: string]: unknown };

export async function listenToUser(userId: number): Promise<{ heard: Heard[]; stop: () => Promise<void> }> {
  const heard: Heard[] = [];
  const stop = await getBus().subscribe(userChannel(userId), (frame) => heard.push(JSON.parse(frame) as Heard));
  return { heard, stop };
}

/** Long enough for a publish on the memory bus or a local Redis to arrive. */
export const busSettles = () => new Promise((resolve) => setTimeout(resolve, 50));
