import { parseFootballTxt } from './football-txt';
import { displayName, nameKey, restoreAccents } from './names';

const record = `▪ Quarter-final
Fri Dec 9 22:00 UTC+3 @ Lusail Stadium, Al Daayen, Att: 88235
  Netherlands v Argentina  2-2 a.e.t., 3-4 pen.
     (Wout WEGHORST 83', 90+11';
      Nahuel MOLINA 35', Lionel MESSI 73'(p))

Penalties:     Virgil VAN DIJK (missed), 0-1 Lionel MESSI,
           1-2 Teun KOOPMEINERS, 1-3 Gonzalo MONTIEL

Netherlands: Andries NOPPERT - Jurrien TIMBER [Y 43'], Virgil VAN DIJK [c] -
      Denzel DUMFRIES [Y 128'] [Y/R 129'] - Memphis DEPAY [Y 76'] (78' Wout WEGHORST [Y 45+2'])
Argentina: Emiliano MARTINEZ - Romain SAISS [c] (21' Selim AMALLAH (78' Abde EZZALZOULI))

Refs: Antonio MATEU (ESP), Pau Cebrián Devis (ESP)
`;

describe('Football.TXT parser', () => {
  const [match] = parseFootballTxt(record, 2022);

  it('reads kick-off in UTC, venue, attendance, score after extra time and the shoot-out', () => {
    expect(match.kickoffAt.toISOString()).toBe('2022-12-09T19:00:00.000Z');
    expect(match).toMatchObject({ stage: 'Quarter-final', venue: 'Lusail Stadium', city: 'Al Daayen', attendance: 88235, score: [2, 2], afterExtraTime: true, penalties: [3, 4] });
    expect(match.goals.home.map((goal) => [goal.name, goal.minute, goal.stoppage])).toEqual([
      ['Wout WEGHORST', 83, 0],
      ['Wout WEGHORST', 90, 11],
    ]);
    expect(match.goals.away[1]).toMatchObject({ name: 'Lionel MESSI', minute: 73, penalty: true });
    expect(match.referees[0]).toEqual({ name: 'Antonio MATEU', country: 'ESP' });
  });

  it('places missed shoot-out kicks by the order of the kicks', () => {
    expect(match.shootout.map((kick) => [kick.side, kick.name, kick.scored])).toEqual([
      ['home', 'Virgil VAN DIJK', false],
      ['away', 'Lionel MESSI', true],
      ['home', 'Teun KOOPMEINERS', true],
      ['away', 'Gonzalo MONTIEL', true],
    ]);
  });

  it('reads formation lines, captains, cards, second yellows and chained substitutions', () => {
    const home = match.lineups!.home.lines;
    expect(home.map((line) => line.length)).toEqual([1, 2, 1, 1]);
    expect(home[1][1]).toMatchObject({ name: 'Virgil VAN DIJK', captain: true });
    expect(home[2][0].cards).toEqual([
      { kind: 'yellow', minute: 128, stoppage: 0 },
      { kind: 'second_yellow', minute: 129, stoppage: 0 },
    ]);
    expect(home[3][0].replacedBy).toMatchObject({ minute: 78, entry: { name: 'Wout WEGHORST', cards: [{ kind: 'yellow', minute: 45, stoppage: 2 }] } });
    const saiss = match.lineups!.away.lines[1][0];
    expect(saiss.replacedBy?.entry.name).toBe('Selim AMALLAH');
    expect(saiss.replacedBy?.entry.replacedBy).toMatchObject({ minute: 78, entry: { name: 'Abde EZZALZOULI' } });
  });

  it('refuses a record whose scorers do not add up to the score', () => {
    expect(() => parseFootballTxt(record.replace('2-2 a.e.t.', '3-2 a.e.t.'), 2022)).toThrow(/scorers do not add up/);
  });
});

describe('player names across the files', () => {
  it('matches spellings regardless of order, case and accents', () => {
    expect(nameKey('BEN ROMDHANE Ali')).toBe(nameKey('Ali Ben Romdhane'));
    expect(nameKey('Kylian MBAPPE')).toBe(nameKey('Kylian Mbappé'));
  });

  it('shows surnames in the usual case and restores accents from the JSON spelling', () => {
    expect(displayName('Weston McKENNIE')).toBe('Weston McKennie');
    expect(displayName('Virgil VAN DIJK', { dutch: true })).toBe('Virgil van Dijk');
    expect(displayName('Trent ALEXANDER-ARNOLD')).toBe('Trent Alexander-Arnold');
    expect(restoreAccents('Kylian Mbappe', 'Mbappé')).toBe('Kylian Mbappé');
    expect(restoreAccents('Ilkay Guendogan', 'Ilkay Gündogan')).toBe('Ilkay Gündogan');
  });
});
