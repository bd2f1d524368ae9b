import 'server-only';
// Operator commands for maintenance notices (what POST /api/maintain reports to every browser).
import { z } from 'zod';
import { clearMaintenanceNotices, setMaintenanceNotice, type MaintenanceNoticeInput } from '@/lib/server/maintenance/maintenance';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

const flagOfField: Record<keyof MaintenanceNoticeInput, string> = {
  titleEn: '--title-en',
  titleZh: '--title-zh',
  contentEn: '--content-en',
  contentZh: '--content-zh',
  startsAt: '--start',
  endsAt: '--end',
  remindAt: '--remind',
};

function isNoticeField(field: unknown): field is keyof MaintenanceNoticeInput {
  return typeof field === 'string' && Object.hasOwn(flagOfField, field);
}

/** `+30` is thirty minutes from now, `-5` five minutes ago; anything else must be a date-time Date can read (ISO 8601 recommended). */
function parseWhen(flag: string, value: string, now: Date): Date {
  const relative = /^([+-])(\d{1,6})$/.exec(value.trim());
  const when = relative ? new Date(now.getTime() + Number(`${relative[1]}${relative[2]}`) * 60_000) : new Date(value);
  if (Number.isNaN(when.getTime())) {
    throw new OpsError(`${flag}: "${value}" is not a time. Give an ISO time such as 2026-06-01T02:00:00+08:00, or +minutes such as +30.`);
  }
  return when;
}

export const maintenanceSetCommand: OpsCommand = {
  name: 'maintenance:set',
  usage:
    '--title-en <text> [--title-zh <text>] --content-en <text> [--content-zh <text>] --start <ISO|±minutes> --end <ISO|±minutes> [--remind <ISO|±minutes>]',
  summary: 'announce maintenance (replaces the current notice)',
  async run(args, database) {
    const { values } = parseCommandArgs(maintenanceSetCommand, args, {
      'title-en': { type: 'string' },
      'title-zh': { type: 'string' },
      'content-en': { type: 'string' },
      'content-zh': { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      remind: { type: 'string' },
    });
    const missing = (['title-en', 'content-en', 'start', 'end'] as const).filter((flag) => values[flag] === undefined);
    if (missing.length > 0) throw new OpsError(`Missing ${missing.map((flag) => `--${flag}`).join(', ')}.`);
    const now = new Date();
    const input: MaintenanceNoticeInput = {
      titleEn: values['title-en'] ?? '',
      titleZh: values['title-zh'],
      contentEn: values['content-en'] ?? '',
      contentZh: values['content-zh'],
      startsAt: parseWhen('--start', values.start ?? '', now),
      endsAt: parseWhen('--end', values.end ?? '', now),
      remindAt: values.remind === undefined ? undefined : parseWhen('--remind', values.remind, now),
    };
    let notice;
    try {
      notice = await setMaintenanceNotice(await database(), input);
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error;
      const issue = error.issues[0];
      const field = issue.path[0];
      const flag = isNoticeField(field) ? flagOfField[field] : 'input';
      throw new OpsError(`${flag}: ${issue.message}.`);
    }
    return [
      `Maintenance notice ${notice.id} set: "${notice.title['en-US']}"${notice.title['zh-CN'] ? ` / "${notice.title['zh-CN']}"` : ''}`,
      `  window:   ${notice.startsAt.toISOString()} → ${notice.endsAt.toISOString()}`,
      `  reminder: ${notice.remindAt ? `from ${notice.remindAt.toISOString()}` : 'none'}`,
      'Browsers show it at their next poll (every 60 s).',
    ].join('\n');
  },
};

export const maintenanceClearCommand: OpsCommand = {
  name: 'maintenance:clear',
  usage: '',
  summary: 'withdraw the current maintenance notice',
  async run(args, database) {
    parseCommandArgs(maintenanceClearCommand, args, {});
    const cleared = await clearMaintenanceNotices(await database());
    return cleared === 0 ? 'No maintenance notice was active.' : `Cleared ${cleared} maintenance notice${cleared === 1 ? '' : 's'}.`;
  },
};
