import 'server-only';
// Wraps Next's request handler so that every response carries the security headers (docs/security.md):
// a page rendered for this request gets a fresh script nonce, handed to Next through the request's CSP
// header (Next reads it there and puts it on its scripts); a page that comes from a shared cache was
// rendered without one and gets the policy for that; API answers and files get a policy that runs nothing.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Env } from '@/lib/env';
import type { NodeHandler } from '@/lib/server/http/node-handler';
import { externalSources, fixedSecurityHeaders, newNonce, nonceRequestHeader, pagePolicy, resourcePolicy } from './policy';

function headerValue(headers: OutgoingHttpHeaders | undefined, response: ServerResponse, name: string): string {
  const value = headers?.[name] ?? response.getHeader(name);
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

/** Whether Next answered with a page rendered for a shared cache (ISR or static): it has no nonce in it. */
function sharedRender(cacheControl: string): boolean {
  return /(?:^|,)\s*s-maxage=\d+/i.test(cacheControl) || /(?:^|,)\s*public\b/i.test(cacheControl);
}

function hostnameOf(request: IncomingMessage): string {
  const host = request.headers.host ?? 'localhost';
  return (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]).toLowerCase() || 'localhost';
}

export type SecurityHeaderOptions = {
  env: Env;
  dev?: boolean;
  /** Whether the browser reached us over HTTPS (directly or through a trusted proxy). */
  secure: (request: IncomingMessage) => boolean;
};

export function withSecurityHeaders(handle: NodeHandler, options: SecurityHeaderOptions): NodeHandler {
  return (request, response) => {
    const nonce = newNonce();
    // Whatever a client sent under this name is replaced: Next must only ever see our nonce.
    request.headers['content-security-policy'] = nonceRequestHeader(nonce);
    delete request.headers['content-security-policy-report-only'];
    const fixed = fixedSecurityHeaders(options.secure(request));
    const writeHead = response.writeHead.bind(response) as (status: number, ...rest: unknown[]) => ServerResponse;
    // Node sends implicit headers through writeHead too, so this sees every response once.
    response.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = rest.find((part): part is OutgoingHttpHeaders => typeof part === 'object' && part !== null && !Array.isArray(part));
      for (const [name, value] of Object.entries(fixed)) if (!response.hasHeader(name) && !headers?.[name]) response.setHeader(name, value);
      // A 304's headers replace the stored response's in the browser's cache: it must not swap a page's policy for
      // the policy of a resource (that page would then load with no styles, images or scripts).
      if (status !== 304 && !response.hasHeader('content-security-policy') && !headers?.['content-security-policy']) {
        const html = headerValue(headers, response, 'content-type').startsWith('text/html');
        const policy = html
          ? pagePolicy({
              nonce: sharedRender(headerValue(headers, response, 'cache-control')) ? undefined : nonce,
              sources: externalSources(options.env, hostnameOf(request)),
              dev: options.dev,
            })
          : resourcePolicy;
        if (headers) headers['content-security-policy'] = policy;
        else response.setHeader('content-security-policy', policy);
      }
      return writeHead(status, ...rest);
    }) as ServerResponse['writeHead'];
    return handle(request, response);
  };
}
