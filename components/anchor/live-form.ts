// The start-live dialog's form (spec §3 live form) and how it becomes the §3 start-live and planned-live payloads.
// The rules are the shared schemas of lib/validation/live.ts; this module only maps fields to payloads and back.
import type { z } from 'zod';
import { liveTitleMax } from '@/lib/validation/live-constants';
import { coverExtensions, coverUploadInput, planCreateInput, startLiveInput, type StreamInfo } from '@/lib/validation/live';
import { fieldErrors } from './form-errors';

/** Spec §2.4 item 5: competition and match selects only for category 2 (football). */
export const matchCategoryId = 2;

/** Field names follow the spec's live form; `competition` is its "match", `session` the match id. */
export type LiveForm = {
  category: string;
  region: string;
  competition: string;
  session: string;
  title: string;
  imageUrl: string;
  imageUrlV: string;
  schedule: string;
  ticketOn: boolean;
  ticket: string;
  fastPush: boolean;
};
export type LiveFormField = keyof LiveForm;
export type LiveFormErrors = Partial<Record<LiveFormField, string>>;

export const emptyLiveForm: LiveForm = {
  category: '',
  region: '',
  competition: '',
  session: '',
  title: '',
  imageUrl: '',
  imageUrlV: '',
  schedule: '',
  ticketOn: false,
  ticket: '',
  fastPush: false,
};

/**
 * The title as the field keeps it: at most liveTitleMax characters counted as the server counts them (code points
 * of the trimmed text), so the counter never passes the limit; leading spaces go, as the server trims them anyway.
 */
export function clampTitle(value: string): string {
  return Array.from(value.trimStart()).slice(0, liveTitleMax).join('');
}

export type Checked<T> = { ok: true; payload: T } | { ok: false; errors: LiveFormErrors };

const startFields: Record<string, LiveFormField> = {
  title: 'title',
  category: 'category',
  cateid: 'region',
  thumb: 'imageUrl',
  thumb_y: 'imageUrlV',
  match_id: 'session',
  ticket: 'ticket',
  ticket_toogle: 'ticket',
  enable_webrtc: 'fastPush',
};

/** The start-live payload; `stream` and `anchor_secret` are sent back so a key reset elsewhere is noticed. */
export function startLivePayload(form: LiveForm, stream: StreamInfo | undefined): Checked<z.output<typeof startLiveInput>> {
  const parsed = startLiveInput.safeParse({
    title: form.title,
    category: form.category,
    cateid: form.region,
    stream: stream?.stream ?? '',
    stream_name: stream?.stream ?? '',
    thumb: form.imageUrl,
    thumb_y: form.imageUrlV,
    room_type: 0,
    anchor_secret: stream?.anchor_secret ?? '',
    price: 0,
    start_stamp: 0,
    match_id: form.session || 0,
    ticket: form.ticketOn ? form.ticket : 0,
    enable_webrtc: form.fastPush ? 1 : 0,
    ticket_toogle: form.ticketOn ? 1 : 0,
  });
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, errors: fieldErrors(parsed.error, (path) => startFields[path]) };
}

const planFields: Record<string, LiveFormField> = {
  title: 'title',
  category_id: 'category',
  child_category_id: 'region',
  thumb: 'imageUrlV',
  plan_time: 'schedule',
  match_id: 'session',
  ticket: 'ticket',
};

/** A `datetime-local` value read in the browser's time zone; empty stays empty for the "required" message. */
function planTimeValue(schedule: string): string | number {
  const time = new Date(schedule).getTime();
  return schedule === '' || Number.isNaN(time) ? schedule : Math.floor(time / 1000);
}

export type PlanPayload = Omit<z.output<typeof planCreateInput>, 'plan_time'> & { plan_time: number };

/** The planned-live payload: the vertical cover and a planned time are required (spec §5). */
export function planPayload(form: LiveForm, anchorId: number): Checked<PlanPayload> {
  // Spec §5: with the switch on a count is required; the planned-live payload has no switch of its own.
  if (form.ticketOn && form.ticket.trim() === '') return { ok: false, errors: { ticket: 'live.validation.ticketRequired' } };
  const planTime = planTimeValue(form.schedule);
  const parsed = planCreateInput.safeParse({
    anchor_id: anchorId,
    title: form.title,
    category_id: form.category,
    child_category_id: form.region,
    thumb: form.imageUrlV,
    plan_time: planTime,
    match_id: form.session || 0,
    ticket: form.ticketOn ? form.ticket : 0,
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error, (path) => planFields[path]) };
  return { ok: true, payload: { ...parsed.data, plan_time: typeof planTime === 'number' ? planTime : 0 } };
}

const imageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/x-ms-bmp']);

/**
 * Spec §5 cover rule before uploading: JPEG, GIF, PNG or BMP by name and type (a .jfif name is refused), under 2 MB.
 * Returns a message key, or null when the file may go; the server checks the bytes again.
 */
export function coverFileProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const named = (coverExtensions as readonly string[]).includes(extension);
  if (!named || (file.type !== '' && !imageTypes.has(file.type))) return 'live.upload.badType';
  const sized = coverUploadInput.safeParse({ file });
  return sized.success ? null : (sized.error.issues[0]?.message ?? 'live.upload.badType');
}

/** What the file picker offers: the allowed extensions (never .jfif). */
export const coverAccept = coverExtensions.map((extension) => `.${extension}`).join(',');

/** Spec §9: push address and key are shown masked; the ends stay readable to recognise them. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '•'.repeat(value.length);
  const keep = Math.min(10, Math.floor(value.length / 4));
  return `${value.slice(0, keep)}${'•'.repeat(Math.min(16, value.length - keep - 4))}${value.slice(-4)}`;
}
