import 'server-only';
// Operator command that imports the bundled openfootball data again (content/openfootball), e.g. after the
// files were updated: teams, squads and matches are upserted, so running it twice changes nothing.
import { importOpenfootball } from '@/lib/server/matches/import/import';
import { parseCommandArgs, type OpsCommand } from './command';

export const matchesImportCommand: OpsCommand = {
  name: 'matches:import',
  usage: '',
  summary: 'import the bundled openfootball data (competitions, teams, squads, matches, events) again',
  async run(args, database) {
    parseCommandArgs(matchesImportCommand, args, {});
    const report = await importOpenfootball(await database());
    return [
      `Imported ${report.competitions} competitions, ${report.teams} teams, ${report.players} players;`,
      `${report.matchesAdded} matches added, ${report.matchesKnown} already known.`,
      ...report.corrections.map((text) => `corrected: ${text}`),
      ...report.problems.map((text) => `problem: ${text}`),
    ].join('\n');
  },
};
