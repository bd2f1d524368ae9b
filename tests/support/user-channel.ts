// Listens for what one account's tabs are told for the length of a test: its own channel of the bus, and the batches
// naming it on the channel of messages to many accounts (lib/realtime/bus/types.ts userBatchChannel).
import { decodeUserBatch, getBus, userBatchChannel, userChannel } from '@/lib/realtime/bus';

export type Heard = { type: string; [key: string]: unknown };

export async function listenToUser(userId: number): Promise<{ heard: Heard[]; stop: () => Promise<void> }> {
  const heard: Heard[] = [];
  const stops = [
    await getBus().subscribe(userChannel(userId), (frame) => heard.push(JSON.parse(frame) as Heard)),
    await getBus().subscribe(userBatchChannel, (published) => {
      const batch = decodeUserBatch(published);
      if (batch?.userIds.includes(userId)) heard.push(JSON.parse(batch.message) as Heard);
    }),
  ];
  return { heard, stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
}

/** Long enough for a publish on the memory bus or a local Redis to arrive. */
export const busSettles = () => new Promise((resolve) => setTimeout(resolve, 50));
