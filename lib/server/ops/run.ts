import 'server-only';
// The operator CLI's dispatcher (`npm run ops -- <command> [args]`): finds the command, opens the
// database only for commands that need it, prints the result, and always closes what it opened.
import type { Db } from '@/lib/db';
import { EnvError } from '@/lib/env';
import { brandsCommand } from './brands';
import { OpsError, usageLine, type OpsCommand } from './command';
import { configGetCommand, configSetCommand } from './config';
import { maintenanceClearCommand, maintenanceSetCommand } from './maintenance';
import { userRoleCommand } from './users';
import { anchorApplicationsCommand, anchorApproveCommand, anchorRejectCommand } from './anchors';
import { ticketsGrantCommand } from './tickets';
import { giftsListCommand, giftsSetCommand } from './gifts';
import { matchesImportCommand } from './matches';
import { ledgerExportCommand, ledgerVerifyCommand, walletGrantCommand } from './ledger';
import { lotteryChancesCommand, lotteryPrizesCommand, lotterySetCommand } from './lottery';
import { messageSendCommand } from './messages';
import { dbBackupCommand, dbRestoreCommand } from './backup';
import { gamesAddCommand, gamesCapCommand, gamesListCommand, gamesSetCommand } from './games';
import { quizCancelCommand, quizCloseCommand, quizDrawCommand } from './quizzes';
import { checkinDayCommand, checkinRewardsCommand } from './checkin';

const helpCommand: OpsCommand = {
  name: 'help',
  usage: '',
  summary: 'list the commands',
  async run() {
    return helpText();
  },
};

export const opsCommands: readonly OpsCommand[] = [
  helpCommand,
  userRoleCommand,
  maintenanceSetCommand,
  maintenanceClearCommand,
  configSetCommand,
  configGetCommand,
  brandsCommand,
  anchorApplicationsCommand,
  anchorApproveCommand,
  anchorRejectCommand,
  ticketsGrantCommand,
  giftsListCommand,
  giftsSetCommand,
  matchesImportCommand,
  walletGrantCommand,
  ledgerVerifyCommand,
  ledgerExportCommand,
  dbBackupCommand,
  dbRestoreCommand,
  messageSendCommand,
  lotteryPrizesCommand,
  lotterySetCommand,
  lotteryChancesCommand,
  gamesListCommand,
  gamesSetCommand,
  gamesAddCommand,
  gamesCapCommand,
  quizCloseCommand,
  quizDrawCommand,
  quizCancelCommand,
  checkinRewardsCommand,
  checkinDayCommand,
];

function helpText(): string {
  const width = Math.max(...opsCommands.map((command) => command.name.length));
  return [
    'Operator commands (they act on the database of DATABASE_URL, or the embedded one under DATA_DIR):',
    ...opsCommands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}\n  ${' '.repeat(width)}  ${usageLine(command)}`),
  ].join('\n');
}

export type OpsIo = {
  openDatabase: () => Promise<Db>;
  closeDatabase: () => Promise<void>;
  print: (text: string) => void;
  printError: (text: string) => void;
  /** The command came through a running server's ops socket. */
  insideServer?: boolean;
};

/** Runs one command line and returns the process exit code. */
export async function runOps(argv: readonly string[], io: OpsIo): Promise<number> {
  const [name = 'help', ...args] = argv;
  const command = opsCommands.find((candidate) => candidate.name === name);
  if (!command) {
    io.printError(`Unknown command "${name}". Run \`npm run ops -- help\` for the list.`);
    return 1;
  }
  if (command.needsStoppedServer && io.insideServer) {
    io.printError(`${command.name} replaces the database the running server holds: stop the server, then run it again.`);
    return 1;
  }
  let opened: Promise<Db> | undefined;
  const database = () =>
    (opened ??= io.openDatabase().catch((error: unknown) => {
      if (error instanceof EnvError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new OpsError(
        `Cannot open the database: ${reason}\n` +
          'The embedded database (DATA_DIR) takes one process at a time: stop the server before running this command, ' +
          'or run the server and the commands against Postgres by setting DATABASE_URL.',
      );
    }));
  try {
    const output = await command.run(args, database);
    if (typeof output === 'string') {
      io.print(output);
      return 0;
    }
    io.print(output.text);
    return 1;
  } catch (error) {
    if (error instanceof OpsError || error instanceof EnvError) io.printError(error.message);
    else io.printError(`${command.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    if (opened) await io.closeDatabase();
  }
}
