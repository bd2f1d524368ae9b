// Reads the project's own copy of the openfootball files (content/openfootball, see its README).
import fs from 'node:fs/promises';
import path from 'node:path';

export type OpenfootballSources = {
  worldCupJson: string;
  worldCupGroupsJson: string;
  worldCupStadiumsJson: string;
  worldCupTxt: string;
  worldCupSquadsTxt: string;
  premierLeagueJson: string;
};

const openfootballDir = path.join(process.cwd(), 'content', 'openfootball');

const files: Record<keyof OpenfootballSources, string> = {
  worldCupJson: 'openfootball-worldcup.json/2022/worldcup.json',
  worldCupGroupsJson: 'openfootball-worldcup.json/2022/worldcup.groups.json',
  worldCupStadiumsJson: 'openfootball-worldcup.json/2022/worldcup.stadiums.json',
  worldCupTxt: 'openfootball-worldcup/more/2022_full.txt',
  worldCupSquadsTxt: 'openfootball-worldcup/more/2022_squads.txt',
  premierLeagueJson: 'openfootball-football.json/2024-25/en.1.json',
};

export async function readOpenfootballSources(dir = openfootballDir): Promise<OpenfootballSources> {
  const read = (key: keyof OpenfootballSources) => fs.readFile(path.join(dir, files[key]), 'utf8');
  const [worldCupJson, worldCupGroupsJson, worldCupStadiumsJson, worldCupTxt, worldCupSquadsTxt, premierLeagueJson] = await Promise.all([
    read('worldCupJson'),
    read('worldCupGroupsJson'),
    read('worldCupStadiumsJson'),
    read('worldCupTxt'),
    read('worldCupSquadsTxt'),
    read('premierLeagueJson'),
  ]);
  return { worldCupJson, worldCupGroupsJson, worldCupStadiumsJson, worldCupTxt, worldCupSquadsTxt, premierLeagueJson };
}
