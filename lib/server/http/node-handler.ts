import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request handler on Node's own request and response, as Next's getRequestHandler() returns. */
export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;
