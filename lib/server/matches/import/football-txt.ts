// Parser for openfootball's Football.TXT match records (2022_full.txt): kick-off with UTC offset,
// venue and attendance, score (a.e.t., penalties), scorers, shoot-out, line-ups with substitutions
// `(72' NAME)`, cards `[Y 15']` `[Y/R 90+3']` `[R 86']`, captain `[c]`, and referees.
import type { Referee } from '@/lib/db/schema';

type ClockTime = { minute: number; stoppage: number };
type TxtCardKind = 'yellow' | 'second_yellow' | 'red';
type TxtCard = ClockTime & { kind: TxtCardKind };
export type TxtGoal = ClockTime & { name: string; penalty: boolean; ownGoal: boolean };

/** One name in a line-up, with what happened to it; `replacedBy` is the substitute who came on for it. */
export type TxtLineupEntry = {
  name: string;
  captain: boolean;
  cards: TxtCard[];
  replacedBy: (ClockTime & { entry: TxtLineupEntry }) | null;
};

/** Starters by formation line (goalkeeper first), substitutes reachable through `replacedBy`. */
export type TxtLineup = { team: string; lines: TxtLineupEntry[][] };

type TxtShootoutKick = { name: string; side: 'home' | 'away'; scored: boolean };

export type TxtMatch = {
  /** Heading the match sits under: "First stage", "Round of 16", "Final"... */
  stage: string;
  /** Group letter under "▪▪ Group A"; null in knock-out rounds. */
  group: string | null;
  kickoffAt: Date;
  utcOffset: string;
  venue: string;
  city: string;
  attendance: number | null;
  home: string;
  away: string;
  /** Final score of play (after extra time when played). */
  score: [number, number];
  afterExtraTime: boolean;
  penalties: [number, number] | null;
  goals: { home: TxtGoal[]; away: TxtGoal[] };
  shootout: TxtShootoutKick[];
  lineups: { home: TxtLineup; away: TxtLineup } | null;
  referees: Referee[];
};

const months: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

const headerPattern = /^\w{3} (\w{3}) (\d{1,2}) (\d{1,2}):(\d{2}) UTC([+-]\d{1,2}) @ (.+)$/;
const teamsPattern = /^\s+(.+?) v (.+?)\s{2,}(\d+)-(\d+)( a\.e\.t\.)?(?:, (\d+)-(\d+) pen\.)?\s*$/;
const clockPattern = /^(\d+)(?:\+(\d+))?'$/;

class FootballTxtError extends Error {}

function fail(message: string, line: string): never {
  throw new FootballTxtError(`${message}: "${line.trim()}"`);
}

function parseClock(text: string, context: string): ClockTime {
  const match = clockPattern.exec(text.trim());
  if (!match) fail('unreadable minute', context);
  return { minute: Number(match[1]), stoppage: Number(match[2] ?? 0) };
}

/** Splits at `separator` outside brackets and parentheses. */
function splitTopLevel(text: string, isSeparator: (text: string, index: number) => number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0) {
      const length = isSeparator(text, index);
      if (length > 0) {
        parts.push(text.slice(start, index));
        start = index + length;
        index += length - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** " - " between formation lines (names like ALEXANDER-ARNOLD keep their hyphen). */
const lineSeparator = (text: string, index: number) => {
  const match = /^\s+-\s+/.exec(text.slice(index));
  return match && text[index] === ' ' ? match[0].length : 0;
};
const commaSeparator = (text: string, index: number) => (text[index] === ',' ? 1 : 0);

function parseCard(annotation: string, context: string): TxtCard {
  const match = /^(Y\/R|Y|R) (.+)$/.exec(annotation);
  if (!match) fail(`unknown annotation [${annotation}]`, context);
  const kind: TxtCardKind = match[1] === 'Y' ? 'yellow' : match[1] === 'R' ? 'red' : 'second_yellow';
  return { kind, ...parseClock(match[2], context) };
}

/** `NAME [c] [Y 15'] (72' OTHER [Y 80'] (90' THIRD))` */
function parseEntry(text: string, context: string): TxtLineupEntry {
  const nameEnd = text.search(/[[(]/);
  const name = (nameEnd === -1 ? text : text.slice(0, nameEnd)).trim();
  if (!name) fail('player without a name', context);
  const entry: TxtLineupEntry = { name, captain: false, cards: [], replacedBy: null };
  let rest = nameEnd === -1 ? '' : text.slice(nameEnd);
  while ((rest = rest.trim())) {
    if (rest.startsWith('[')) {
      const close = rest.indexOf(']');
      const annotation = rest.slice(1, close).trim();
      if (annotation === 'c') entry.captain = true;
      else entry.cards.push(parseCard(annotation, context));
      rest = rest.slice(close + 1);
    } else if (rest.startsWith('(')) {
      let depth = 0;
      let close = 0;
      for (; close < rest.length; close++) {
        if (rest[close] === '(') depth++;
        if (rest[close] === ')' && --depth === 0) break;
      }
      const inner = rest.slice(1, close).trim();
      const match = /^(\d+(?:\+\d+)?')\s+(.+)$/s.exec(inner);
      if (!match) fail('unreadable substitution', context);
      entry.replacedBy = { ...parseClock(match[1], context), entry: parseEntry(match[2], context) };
      rest = rest.slice(close + 1);
    } else {
      fail('unexpected text after a player', context);
    }
  }
  return entry;
}

function parseLineup(team: string, text: string): TxtLineup {
  const lines = splitTopLevel(text, lineSeparator).map((line) =>
    splitTopLevel(line, commaSeparator).map((player) => parseEntry(player, text)),
  );
  return { team, lines };
}

function parseGoalList(text: string, context: string): TxtGoal[] {
  const goals: TxtGoal[] = [];
  let scorer: string | undefined;
  for (const piece of splitTopLevel(text, commaSeparator)) {
    const match = /^(.*?)\s*(\d+(?:\+\d+)?')(?:\((p|og)\))?$/.exec(piece);
    if (!match) fail('unreadable goal', context);
    if (match[1]) scorer = match[1];
    if (!scorer) fail('goal without a scorer', context);
    goals.push({ name: scorer, ...parseClock(match[2], context), penalty: match[3] === 'p', ownGoal: match[3] === 'og' });
  }
  return goals;
}

function parseShootout(text: string, context: string): TxtShootoutKick[] {
  const kicks: { name: string; scored: boolean; scoreAfter: [number, number] | null }[] = [];
  for (const piece of splitTopLevel(text, commaSeparator)) {
    const scored = /^(\d+)-(\d+)\s+(.+)$/.exec(piece);
    const missed = /^(.+?)\s+\(missed\)$/.exec(piece);
    if (scored) kicks.push({ name: scored[3], scored: true, scoreAfter: [Number(scored[1]), Number(scored[2])] });
    else if (missed) kicks.push({ name: missed[1], scored: false, scoreAfter: null });
    else fail('unreadable shoot-out kick', context);
  }
  // Scored kicks show which side took them; the sides alternate, which places the misses.
  let tally: [number, number] = [0, 0];
  let firstSide: 'home' | 'away' | undefined;
  kicks.forEach((kick, index) => {
    if (!kick.scoreAfter) return;
    const side = kick.scoreAfter[0] > tally[0] ? 'home' : 'away';
    const first = index % 2 === 0 ? side : side === 'home' ? 'away' : 'home';
    if (firstSide && firstSide !== first) fail('shoot-out kicks do not alternate', context);
    firstSide = first;
    tally = kick.scoreAfter;
  });
  if (!firstSide) fail('shoot-out without a scored kick', context);
  const first: 'home' | 'away' = firstSide;
  const second = first === 'home' ? 'away' : 'home';
  return kicks.map((kick, index) => ({ name: kick.name, scored: kick.scored, side: index % 2 === 0 ? first : second }));
}

function parseReferees(text: string): Referee[] {
  return splitTopLevel(text, commaSeparator).map((piece) => {
    const match = /^(.*?)\s*\((\w{3})\)$/.exec(piece);
    return match ? { name: match[1], country: match[2] } : { name: piece, country: null };
  });
}

/** Parses every match of a Football.TXT file; `year` is the season's year (the file gives day and month). */
export function parseFootballTxt(source: string, year: number): TxtMatch[] {
  const lines = source.split(/\r?\n/);
  const result: TxtMatch[] = [];
  let stage = '';
  let group: string | null = null;
  let index = 0;

  const blockEnd = (from: number) => {
    let end = from;
    while (end < lines.length && !headerPattern.test(lines[end]) && !lines[end].startsWith('▪')) end++;
    return end;
  };

  while (index < lines.length) {
    const line = lines[index];
    if (line.startsWith('▪▪ ')) {
      group = line.slice(3).replace(/^Group\s+/, '').trim();
      index++;
      continue;
    }
    if (line.startsWith('▪ ')) {
      stage = line.slice(2).trim();
      group = null;
      index++;
      continue;
    }
    const header = headerPattern.exec(line);
    if (!header) {
      index++;
      continue;
    }
    const end = blockEnd(index + 1);
    result.push(parseMatchBlock(lines.slice(index, end), header, { stage, group, year }));
    index = end;
  }
  return result;
}

function parseMatchBlock(
  block: string[],
  header: RegExpExecArray,
  context: { stage: string; group: string | null; year: number },
): TxtMatch {
  const [, month, day, hour, minute, offset, place] = header;
  if (!(month in months)) fail('unknown month', block[0]);
  const offsetHours = Number(offset);
  const kickoffAt = new Date(Date.UTC(context.year, months[month], Number(day), Number(hour) - offsetHours, Number(minute)));
  const placeParts = place.split(',').map((part) => part.trim());
  const attendancePart = placeParts.find((part) => part.startsWith('Att:'));
  const [venue, city] = placeParts.filter((part) => !part.startsWith('Att:'));
  if (!venue || !city) fail('venue without a city', block[0]);

  const teams = teamsPattern.exec(block[1] ?? '');
  if (!teams) fail('unreadable teams and score', block[1] ?? block[0]);
  const [, home, away, homeGoals, awayGoals, aet, homePens, awayPens] = teams;
  const score: [number, number] = [Number(homeGoals), Number(awayGoals)];

  const match: TxtMatch = {
    stage: context.stage,
    group: context.group,
    kickoffAt,
    utcOffset: `UTC${offset}`,
    venue,
    city,
    attendance: attendancePart ? Number(attendancePart.replace(/\D/g, '')) : null,
    home,
    away,
    score,
    afterExtraTime: Boolean(aet),
    penalties: homePens ? [Number(homePens), Number(awayPens)] : null,
    goals: { home: [], away: [] },
    shootout: [],
    lineups: null,
    referees: [],
  };

  const lineupText: Partial<Record<'home' | 'away', string>> = {};
  let current: 'goals' | 'penalties' | 'home' | 'away' | null = null;
  const collected: Record<'goals' | 'penalties', string> = { goals: '', penalties: '' };
  for (const raw of block.slice(2)) {
    const text = raw.trim();
    if (!text) {
      current = null;
      continue;
    }
    if (raw.startsWith(`${home}:`) || raw.startsWith(`${away}:`)) {
      current = raw.startsWith(`${home}:`) ? 'home' : 'away';
      lineupText[current] = raw.slice(raw.indexOf(':') + 1);
    } else if (text.startsWith('Refs:')) {
      match.referees = parseReferees(text.slice(5));
      current = null;
    } else if (text.startsWith('Penalties:')) {
      current = 'penalties';
      collected.penalties = text.slice(10);
    } else if (text.startsWith('(') && current === null && !collected.goals) {
      current = 'goals';
      collected.goals = text;
    } else if (current === 'home' || current === 'away') {
      lineupText[current] += ` ${text}`;
    } else if (current === 'goals' || current === 'penalties') {
      collected[current] += ` ${text}`;
    } else {
      fail('unexpected line', raw);
    }
  }

  if (collected.goals) {
    const inner = collected.goals.trim().replace(/^\(/, '').replace(/\)$/, '');
    const sides = inner.split(';');
    if (sides.length === 2) {
      match.goals = { home: parseGoalList(sides[0], inner), away: parseGoalList(sides[1], inner) };
    } else {
      // Only one side scored: the list has no ';' and belongs to the side with goals.
      const goals = parseGoalList(inner, inner);
      match.goals = score[0] > 0 ? { home: goals, away: [] } : { home: [], away: goals };
    }
  }
  if (match.goals.home.length !== score[0] || match.goals.away.length !== score[1]) {
    fail(`scorers do not add up to ${score.join('-')}`, block[1]);
  }
  if (collected.penalties) match.shootout = parseShootout(collected.penalties, collected.penalties);
  if (lineupText.home && lineupText.away) {
    match.lineups = { home: parseLineup(home, lineupText.home), away: parseLineup(away, lineupText.away) };
  }
  return match;
}
