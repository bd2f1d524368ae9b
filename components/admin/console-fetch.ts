// The console islands' one way to call a console route: JSON in, the envelope out, in the page's language. The
// console cookie rides along by itself (same origin, SameSite=Strict).
import { langHeaderFor, type Locale } from '@/lib/i18n/locales';

export type ConsoleReply = { status: number; msg: string; data: Record<string, unknown> | null };

export async function postConsole(path: string, body: Record<string, unknown>, locale: Locale, networkError: string): Promise<ConsoleReply> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: langHeaderFor(locale) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const reply = (await response.json()) as Partial<ConsoleReply>;
    return { status: typeof reply.status === 'number' ? reply.status : 1, msg: String(reply.msg ?? networkError), data: (reply.data as ConsoleReply['data']) ?? null };
  } catch {
    return { status: 1, msg: networkError, data: null };
  }
}
