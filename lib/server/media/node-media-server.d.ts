// The part of node-media-server 4.4 (plain JavaScript, no types) that the embedded adapter uses.
declare module 'node-media-server' {
  import type { Socket } from 'node:net';
  import type { IncomingMessage } from 'node:http';
  import type { MediaPacket } from './ingest-clock';

  namespace NodeMediaServer {
    type QueryValue = string | string[] | undefined;
    /** An RTMP, HTTP-FLV or WS-FLV connection, publishing or playing. */
    interface Session {
      id: string;
      /** "address:port"; empty for the server's own internal sessions. */
      ip: string;
      protocol: string;
      streamApp: string;
      streamName: string;
      streamPath: string;
      streamQuery: Record<string, QueryValue>;
      isPublisher: boolean;
      /** From the stream's metadata (onMetaData); 0 until it came, undefined when the encoder left a field out. */
      videoWidth: number;
      videoHeight: number;
      videoFramerate: number;
      inBytes: number;
      outBytes: number;
      /** RTMP sessions. */
      socket?: Socket;
      /** RTMP sessions: the protocol parser, which hands each packet it reads to `onPacketCallback`. */
      rtmp?: { onPacketCallback: (packet: MediaPacket) => void };
      /** HTTP-FLV and WS-FLV sessions. */
      req?: IncomingMessage;
      close(): void;
    }
    interface Config {
      bind?: string;
      rtmp?: { port?: number };
      http?: { port?: number };
      auth?: { play?: boolean; publish?: boolean; secret?: string };
      store?: { path?: string };
      webadmin?: { enable?: boolean };
    }
    type Event = 'prePublish' | 'postPublish' | 'donePublish' | 'prePlay' | 'postPlay' | 'donePlay';
  }

  class NodeMediaServer {
    constructor(config: NodeMediaServer.Config);
    on(event: NodeMediaServer.Event, listener: (session: NodeMediaServer.Session) => void): void;
    run(): Promise<void>;
    stop(): Promise<void>;
  }
  export = NodeMediaServer;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: 'trace' | 'debug' | 'info' | 'warn' | 'error'; log(message: string, level?: string): void };
  export = logger;
}
