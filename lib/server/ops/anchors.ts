import 'server-only';
// Operator commands on anchor applications: list, approve, reject (docs/live.md).
import { anchorApplicationStatuses, type AnchorApplicationStatus } from '@/lib/db/schema';
import { approveApplication, listApplications, rejectApplication, type ReviewOutcome } from '@/lib/server/anchors/review';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

function isApplicationStatus(value: string): value is AnchorApplicationStatus {
  return (anchorApplicationStatuses as readonly string[]).includes(value);
}

function explain(phone: string, outcome: Exclude<ReviewOutcome, { ok: true }>): never {
  switch (outcome.reason) {
    case 'no_account':
      throw new OpsError(`No account has the phone number ${phone}.`);
    case 'no_application':
      throw new OpsError(`The account ${phone} has not applied to be an anchor.`);
    case 'not_verifying':
      throw new OpsError(`The application of ${phone} is ${outcome.status}, not waiting for a decision.`);
    case 'role_conflict':
      throw new OpsError(`The account ${phone} has the role ${outcome.role}; change it with \`npm run ops -- user:role ${phone} anchor\` if that is meant.`);
  }
}

export const anchorApplicationsCommand: OpsCommand = {
  name: 'anchor:applications',
  usage: `[--status ${anchorApplicationStatuses.join('|')}]`,
  summary: 'list anchor applications (waiting ones by default) with their identity photo files',
  async run(args, database) {
    const { values } = parseCommandArgs(anchorApplicationsCommand, args, { status: { type: 'string', default: 'verifying' } });
    const status = values.status ?? 'verifying';
    if (!isApplicationStatus(status)) throw new OpsError(`Unknown status "${status}". Use one of: ${anchorApplicationStatuses.join(', ')}.`);
    const list = await listApplications(await database(), status);
    if (list.length === 0) return `No ${status} applications.`;
    return list
      .map((item) =>
        [
          `${item.mobile} (user ${item.userId}), submitted ${item.submittedAt.toISOString()}`,
          `  name ${item.realName}, ID ${item.idNumber}, phone ${item.phone}, ${item.contactType} ${item.contact}${item.introducer ? `, introduced by ${item.introducer}` : ''}`,
          `  ID photo: ${item.idPhotoFile}`,
          `  profile: ${item.profile}`,
        ].join('\n'),
      )
      .join('\n');
  },
};

export const anchorApproveCommand: OpsCommand = {
  name: 'anchor:approve',
  usage: '<phone>',
  summary: "approve a waiting anchor application (the account becomes an anchor)",
  async run(args, database) {
    const { positionals } = parseCommandArgs(anchorApproveCommand, args, {}, ['phone']);
    const [phone] = positionals;
    const outcome = await approveApplication(await database(), { phone });
    if (!outcome.ok) explain(phone, outcome);
    return `User ${outcome.userId} (${phone}) is now a verified anchor.`;
  },
};

export const anchorRejectCommand: OpsCommand = {
  name: 'anchor:reject',
  usage: '<phone> --reason <text>',
  summary: 'refuse a waiting anchor application with a reason the applicant reads (they may apply again)',
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(anchorRejectCommand, args, { reason: { type: 'string' } }, ['phone']);
    const [phone] = positionals;
    const reason = values.reason?.trim() ?? '';
    if (reason === '') throw new OpsError('anchor:reject needs --reason "<text the applicant reads>".');
    if (reason.length > 200) throw new OpsError('The reason can be at most 200 characters.');
    const outcome = await rejectApplication(await database(), { phone }, reason);
    if (!outcome.ok) explain(phone, outcome);
    return `The application of ${phone} (user ${outcome.userId}) was refused: ${reason}`;
  },
};
