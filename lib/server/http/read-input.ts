import 'server-only';
// Reads a request's input as a plain object: query string for GET, JSON, form or multipart body for POST
// (uploaded files stay File objects), refusing bodies over the size limit without reading them whole.
import type { NextRequest } from 'next/server';
import { AppError } from './errors';

export class BodyTooLargeError extends AppError {
  constructor(limit: number) {
    super('api.errors.bodyTooLarge', { limit: Math.floor(limit / 1024) });
  }
}

/** The body, read chunk by chunk and abandoned as soon as it passes `limit` bytes. */
export async function readCapped(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  const tooLarge = () => new BodyTooLargeError(limit);
  if (declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readInput(request: NextRequest, limit: number): Promise<unknown> {
  if (request.method === 'GET') return Object.fromEntries(request.nextUrl.searchParams);
  const bytes = await readCapped(request, limit);
  const rawType = request.headers.get('content-type') ?? '';
  const type = rawType.toLowerCase();
  if (type.includes('multipart/form-data') && bytes.length > 0) {
    // The boundary is case-sensitive: hand the header over as sent.
    const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': rawType } }).formData().catch(() => {
      throw new AppError('api.errors.badMultipart');
    });
    return Object.fromEntries(form);
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') return Object.fromEntries(request.nextUrl.searchParams);
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (type === '' || type.includes('json') || type.includes('text/plain')) {
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError('api.errors.badJson');
    }
  }
  throw new AppError('api.errors.unsupportedMediaType');
}
