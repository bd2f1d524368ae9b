// The chat load of the live room benchmark, forked by room-bench.ts (apart from the process that runs Lighthouse, whose
// trace processing would stall the timers): the room's anchor speaking at the asked rate through the gateway, in the
// browser's protocol, and a guest in the same room counting the lines that arrive. It answers { type: 'count' } and
// { type: 'finish' } (the chat stops, late lines are awaited) with a ChatCount.
import WebSocket from 'ws';
import type { ClientFrameInput } from '@/lib/realtime/protocol';
import { liveRoomKey } from '@/lib/validation/chat';
import { chatLine } from './room-chat-lines';

export type ChatLoadStart = {
  type: 'start';
  url: string;
  /** The Host the sockets present: the brand's, as the page's own socket does. */
  host: string;
  anchorId: number;
  /** The anchor's session credential, `<uid>.<token>`. */
  credential: string;
  guest: { uid: string; sig: string };
  rate: number;
};

export type ChatCount = {
  type: 'count';
  /** Seconds since the chat began. */
  seconds: number;
  sent: number;
  /** The anchor's lines the guest received. */
  delivered: number;
  refused: number;
  firstRefusal?: string;
  /** Set when a socket closed while the load ran: the load is broken and says why. */
  closed?: string;
};

/**
 * The gateway takes 10 frames a second from one socket, 20 in a burst (framesPerSecondIn, lib/realtime/gateway.ts),
 * and closes one that sends more: the anchor's lines go out over several sockets of one device (as from several
 * tabs), each well below it, so frames bunched by a server that stalled for a few seconds still pass.
 */
const linesPerSocket = 4;
/** How long after the chat stops the load still waits for its last lines to arrive. */
const drainMs = 3_000;
const deviceId = 'bench-room-anchor';

type Socket = { socket: WebSocket; joined: Promise<void> };

function send(message: object): void {
  process.send?.(message);
}

function run(start: ChatLoadStart): void {
  const room = liveRoomKey(start.anchorId);
  let sent = 0;
  let delivered = 0;
  let refused = 0;
  let firstRefusal: string | undefined;
  let closed: string | undefined;
  let began = 0;
  let finishing = false;

  const countLine = (message: { type?: string; user_id?: number; hit?: number }) => {
    if (message.type === 'say' && message.user_id === start.anchorId) delivered += message.hit ?? 1;
  };

  /** A socket signed in as the browser signs in (after the gateway's hello) and in the room. */
  const open = (name: string, auth: ClientFrameInput, onFrame: (frame: Record<string, unknown>) => void): Socket => {
    const socket = new WebSocket(start.url, { headers: { host: start.host }, perMessageDeflate: false });
    const joined = new Promise<void>((resolve, reject) => {
      socket.on('error', (error) => reject(new Error(`${name}: ${error.message}`)));
      socket.on('close', (code, reason) => {
        if (!finishing) closed ??= `${name} closed with ${code} ${reason.toString()}`;
        reject(new Error(`${name} closed with ${code} ${reason.toString()}`));
      });
      socket.on('message', (data: Buffer) => {
        const frame: Record<string, unknown> = JSON.parse(data.toString());
        if (frame.type === 'hello') socket.send(JSON.stringify(auth));
        else if (frame.type === 'authed') socket.send(JSON.stringify({ type: 'join', groupId: room } satisfies ClientFrameInput));
        else if (frame.type === 'joined') resolve();
        else if (frame.type === 'error') reject(new Error(`${name}: ${String(frame.msg)}`));
        onFrame(frame);
      });
    });
    return { socket, joined };
  };

  const senders = Array.from({ length: Math.ceil(start.rate / linesPerSocket) }, (_, index) =>
    open(`anchor socket ${index + 1}`, { type: 'auth', token: start.credential, device_id: deviceId }, (frame) => {
      if (frame.type !== 'sayRep' || frame.status === 0) return;
      refused += 1;
      firstRefusal ??= String(frame.msg);
    }),
  );
  const guest = open('guest', { type: 'auth', uid: start.guest.uid, sig: start.guest.sig, device_id: 'bench-room-guest' }, (frame) => {
    if (frame.type === 'say') countLine(frame);
    else if (frame.type === 'batch' && Array.isArray(frame.msgs)) frame.msgs.forEach(countLine);
  });

  let chat: NodeJS.Timeout | undefined;
  const begin = () => {
    began = performance.now();
    let counter = 0;
    chat = setInterval(() => {
      const due = Math.floor(((performance.now() - began) * start.rate) / 1000);
      // A stall of more than a second is not made up: a burst would pass the gateway's limit.
      counter = Math.max(counter, due - start.rate);
      while (counter < due) {
        const { socket } = senders[counter % senders.length];
        const content = chatLine(counter);
        counter += 1;
        if (socket.readyState !== WebSocket.OPEN) continue;
        socket.send(JSON.stringify({ type: 'say', groupId: room, content } satisfies ClientFrameInput));
        sent += 1;
      }
    }, 5);
  };

  const count = (): ChatCount => ({ type: 'count', seconds: began ? (performance.now() - began) / 1000 : 0, sent, delivered, refused, firstRefusal, closed });

  process.on('message', (message: { type: string }) => {
    if (message.type === 'begin') begin();
    else if (message.type === 'count') send(count());
    else if (message.type === 'finish') {
      clearInterval(chat);
      const seconds = count().seconds;
      setTimeout(() => {
        send({ ...count(), seconds });
        finishing = true;
        for (const { socket } of [...senders, guest]) socket.terminate();
      }, drainMs);
    }
  });

  Promise.all([...senders, guest].map((each) => each.joined)).then(
    () => send({ type: 'ready' }),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

process.once('message', (message: ChatLoadStart) => run(message));
