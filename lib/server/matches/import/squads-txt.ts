// Parser for openfootball's squad lists (2022_squads.txt): `== Team`, then `number, NAME, POS, b. yyyy/mm/dd`.
import type { PlayerPosition } from '@/lib/db/schema';
import { playerPositions } from '@/lib/db/schema';

type SquadPlayer = { number: number | null; name: string; position: PlayerPosition; birthDate: string | null };
export type Squad = { team: string; players: SquadPlayer[] };

const playerPattern = /^\s*(\d+|-),\s*(.+?),\s+([A-Z]{2}),\s+b\.\s+(\d{4})\/(\d{2})\/(\d{2})\s*$/;

function isPosition(value: string): value is PlayerPosition {
  return (playerPositions as readonly string[]).includes(value);
}

export function parseSquadsTxt(source: string): Squad[] {
  const squads: Squad[] = [];
  let current: Squad | undefined;
  for (const line of source.split(/\r?\n/)) {
    const team = /^== (.+?)\s*(#.*)?$/.exec(line);
    if (team) {
      current = { team: team[1].trim(), players: [] };
      squads.push(current);
      continue;
    }
    const player = playerPattern.exec(line);
    // Managers (MG) are listed too; only players go into the squad.
    if (!player || !current || !isPosition(player[3])) continue;
    current.players.push({
      number: player[1] === '-' ? null : Number(player[1]),
      name: player[2].trim(),
      position: player[3],
      birthDate: `${player[4]}-${player[5]}-${player[6]}`,
    });
  }
  return squads;
}
