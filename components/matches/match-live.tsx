'use client';
// The match page's live part: the scoreboard and the tabs (live text, statistics, line-ups, the room).
// The server renders it with the match as it stands, so a crawler reads it all; in the browser it
// follows the match's live stream (Server-Sent Events) and folds each message in.
import { useEffect, useReducer, useState, type ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import type { LineupPlayer, LiveEvent, MatchLiveView, MatchStats, TeamLineup, TeamRef, TeamStats } from '@/lib/validation/matches';
import { applyStreamMessage, initialLiveState, type ClockLabels, type StatusLabels, type StreamMessage } from './live-match-state';
import { LocalTime, TimeZoneName } from '@/components/shell/local-time';
import { TeamCrest } from '@/components/teams/team-crest';
import { Tabs } from '@/components/ui/tabs';
import styles from './match-live.module.css';

const liveTabs = ['commentary', 'stats', 'lineups', 'room'] as const;
export type LiveTab = (typeof liveTabs)[number];

type StatKey = keyof TeamStats;
const statOrder: StatKey[] = ['goals', 'shots', 'shots_on_target', 'possession', 'corners', 'fouls', 'offsides', 'saves', 'passes', 'yellow_cards', 'red_cards', 'substitutions'];

export type MatchLiveLabels = {
  tabs: Record<LiveTab, string>;
  tabsLabel: string;
  status: StatusLabels;
  clock: ClockLabels;
  halfTime: string;
  penalties: string;
  kickoff: string;
  stats: Record<StatKey, string>;
  /** Formation lines by their players' position: goalkeeper, defence, midfield, attack. */
  lines: Record<'GK' | 'DF' | 'MF' | 'FW', string>;
  events: { goal: string; ownGoal: string; penaltyGoal: string; yellow: string; secondYellow: string; red: string; substitution: string; shootout: string };
  scorers: string;
  commentaryEmpty: string;
  commentaryNewestFirst: string;
  statsEmpty: string;
  statsSource: string;
  lineupsEmpty: string;
  formation: string;
  starters: string;
  bench: string;
  captain: string;
  subbedOn: string;
  subbedOff: string;
  following: string;
  reconnecting: string;
};

type MatchLiveProps = {
  initial: MatchLiveView;
  home: TeamRef;
  away: TeamRef;
  kickoffAt: string;
  locale: Locale;
  labels: MatchLiveLabels;
  /** Follow the live stream: while the match is live, or about to start. */
  follow: boolean;
  /** The "room" tab's content, rendered on the server. */
  room: ReactNode;
};

type Connection = 'idle' | 'connecting' | 'open';

export function MatchLive({ initial, home, away, kickoffAt, locale, labels, follow, room }: MatchLiveProps) {
  const [state, dispatch] = useReducer(
    (current: ReturnType<typeof initialLiveState>, message: StreamMessage) => applyStreamMessage(current, message, { locale, clockLabels: labels.clock, statusLabels: labels.status }),
    initial,
    initialLiveState,
  );
  const [tab, setTab] = useState<LiveTab>('commentary');
  const [connection, setConnection] = useState<Connection>('idle');
  const [attempt, setAttempt] = useState(0);
  const finished = state.status === 'finished';

  // A lost commentary line: reconnect, and the stream starts again with a fresh snapshot.
  useEffect(() => {
    if (state.gap) setAttempt((value) => value + 1);
  }, [state.gap]);

  useEffect(() => {
    if (!follow || finished) return;
    const source = new EventSource(`/api/match/live/${initial.id}?lang=${locale}`);
    setConnection('connecting');
    source.onopen = () => setConnection('open');
    source.onerror = () => setConnection('connecting');
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        dispatch(JSON.parse(event.data) as StreamMessage);
      } catch {
        // A frame that is not JSON is ignored; the next snapshot repairs anything missed.
      }
    };
    return () => {
      source.close();
      setConnection('idle');
    };
  }, [follow, finished, initial.id, locale, attempt]);

  return (
    <div className={styles.live}>
      <Scoreboard state={state} home={home} away={away} kickoffAt={kickoffAt} locale={locale} labels={labels} />
      <div className={styles.tabBar}>
        <Tabs
          items={liveTabs.map((id) => ({ id, label: labels.tabs[id] }))}
          value={tab}
          onChange={setTab}
          label={labels.tabsLabel}
          tabId={(id) => `tab-${id}`}
          panelId={(id) => `panel-${id}`}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        {connection !== 'idle' ? (
          <span className={styles.connection} data-state={connection} role="status">
            <span className={styles.connectionDot} aria-hidden="true" />
            {connection === 'open' ? labels.following : labels.reconnecting}
          </span>
        ) : null}
      </div>
      <TabPanel id="commentary" current={tab}>
        <Commentary lines={state.commentary} labels={labels} home={home} away={away} />
      </TabPanel>
      <TabPanel id="stats" current={tab}>
        <Stats stats={state.stats} labels={labels} home={home} away={away} started={state.status !== 'upcoming'} />
      </TabPanel>
      <TabPanel id="lineups" current={tab}>
        {state.lineups ? (
          <div className={styles.lineups}>
            <Lineup lineup={state.lineups.home} team={home} labels={labels} />
            <Lineup lineup={state.lineups.away} team={away} labels={labels} />
          </div>
        ) : (
          <p className={styles.empty}>{labels.lineupsEmpty}</p>
        )}
      </TabPanel>
      <TabPanel id="room" current={tab}>
        {room}
      </TabPanel>
    </div>
  );
}

type ScoreboardProps = Pick<MatchLiveProps, 'home' | 'away' | 'kickoffAt' | 'locale' | 'labels'> & { state: MatchLiveView };

function Scoreboard({ state, home, away, kickoffAt, locale, labels }: ScoreboardProps) {
  const goals = state.commentary.filter(({ event }) => event.kind === 'goal' || event.kind === 'penalty_goal' || event.kind === 'own_goal');
  const scorers = (side: 'home' | 'away') =>
    goals
      .filter(({ event }) => event.side === side)
      .map(({ event }) => `${event.player ?? ''} ${minuteOf(event)}${event.kind === 'penalty_goal' ? ` (${labels.events.penaltyGoal})` : event.kind === 'own_goal' ? ` (${labels.events.ownGoal})` : ''}`);
  return (
    <div className={styles.scoreboard}>
      <TeamSide team={home} scorers={scorers('home')} align="home" scorersLabel={labels.scorers} />
      <div className={styles.centre}>
        <p className={styles.score} aria-live="polite" aria-atomic="true" data-testid="match-score">
          {state.score ? (
            <>
              <span>{state.score.home}</span>
              <span className={styles.dash} aria-hidden="true">
                –
              </span>
              <span className="visually-hidden">:</span>
              <span>{state.score.away}</span>
            </>
          ) : (
            <span className={styles.versus}>VS</span>
          )}
        </p>
        <p className={styles.state} data-testid="match-clock">
          {state.status === 'live' ? (
            <span className={styles.liveBadge}>
              <span className={styles.liveDot} aria-hidden="true" />
              {state.statusLabel}
              {state.clock ? <span>{state.clock}</span> : null}
            </span>
          ) : state.status === 'finished' ? (
            <span className={styles.final}>{state.clock || state.statusLabel}</span>
          ) : (
            <span className={styles.kickoff}>
              {labels.kickoff} <LocalTime iso={kickoffAt} locale={locale} format="kickoff" /> <TimeZoneName locale={locale} />
            </span>
          )}
        </p>
        {state.halfTime && state.status !== 'upcoming' ? (
          <p className={styles.sub}>
            {labels.halfTime} {state.halfTime.home}–{state.halfTime.away}
            {state.penalties ? ` · ${labels.penalties} ${state.penalties.home}–${state.penalties.away}` : ''}
          </p>
        ) : null}
      </div>
      <TeamSide team={away} scorers={scorers('away')} align="away" scorersLabel={labels.scorers} />
    </div>
  );
}

function TeamSide({ team, scorers, align, scorersLabel }: { team: TeamRef; scorers: string[]; align: 'home' | 'away'; scorersLabel: string }) {
  return (
    <div className={styles.side} data-side={align}>
      <TeamCrest team={team} size="lg" />
      <h2 className={styles.teamName}>{team.name}</h2>
      {scorers.length > 0 ? (
        <ul className={styles.scorers} aria-label={`${scorersLabel}: ${team.name}`}>
          {scorers.map((line, index) => (
            <li key={`${line}-${index}`}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function TabPanel({ id, current, children }: { id: LiveTab; current: LiveTab; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} hidden={id !== current} className={styles.panel} tabIndex={0}>
      {children}
    </div>
  );
}

const minuteOf = (event: Pick<LiveEvent, 'minute' | 'stoppage' | 'period'>) =>
  event.period === 5 ? '' : event.stoppage > 0 ? `${event.minute}+${event.stoppage}'` : `${event.minute}'`;

function EventMark({ kind, labels }: { kind: LiveEvent['kind']; labels: MatchLiveLabels }) {
  const label =
    kind === 'goal'
      ? labels.events.goal
      : kind === 'own_goal'
        ? labels.events.ownGoal
        : kind === 'penalty_goal'
          ? labels.events.penaltyGoal
          : kind === 'yellow'
            ? labels.events.yellow
            : kind === 'second_yellow'
              ? labels.events.secondYellow
              : kind === 'red'
                ? labels.events.red
                : kind === 'substitution'
                  ? labels.events.substitution
                  : kind === 'shootout_scored' || kind === 'shootout_missed'
                    ? labels.events.shootout
                    : null;
  if (!label) return <span className={styles.markNone} aria-hidden="true" />;
  return (
    <span className={`${styles.mark} ${styles[`mark_${kind}`] ?? ''}`} title={label}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function Commentary({ lines, labels, home, away }: { lines: MatchLiveView['commentary']; labels: MatchLiveLabels; home: TeamRef; away: TeamRef }) {
  if (lines.length === 0) return <p className={styles.empty}>{labels.commentaryEmpty}</p>;
  const newestFirst = [...lines].reverse();
  return (
    <ol className={styles.commentary} aria-label={labels.commentaryNewestFirst} data-testid="commentary">
      {newestFirst.map(({ event, text }) => {
        const important = event.kind !== 'period_start' && event.kind !== 'period_end';
        const team = event.side === 'home' ? home : event.side === 'away' ? away : null;
        return (
          <li key={event.seq} className={`${styles.line} ${important ? '' : styles.lineQuiet}`}>
            <span className={styles.minute}>{minuteOf(event)}</span>
            <EventMark kind={event.kind} labels={labels} />
            <p className={styles.text}>
              {team && important ? <span className={styles.lineTeam}>{team.shortName} · </span> : null}
              {text}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

function Stats({ stats, labels, home, away, started }: { stats: MatchStats; labels: MatchLiveLabels; home: TeamRef; away: TeamRef; started: boolean }) {
  if (!started) return <p className={styles.empty}>{labels.statsEmpty}</p>;
  const keys = statOrder.filter((key) => stats.home[key] !== undefined && stats.away[key] !== undefined);
  return (
    <div className={styles.stats}>
      <div className={styles.statsTeams} aria-hidden="true">
        <span>{home.shortName}</span>
        <span>{away.shortName}</span>
      </div>
      <dl className={styles.statList}>
        {keys.map((key) => {
          const a = stats.home[key] ?? 0;
          const b = stats.away[key] ?? 0;
          // Each side fills its share from its own end; with nothing on either side (0–0) the bar stays empty.
          const total = a + b;
          const homeShare = total === 0 ? 0 : (a / total) * 100;
          const awayShare = total === 0 ? 0 : 100 - homeShare;
          return (
            <div key={key} className={styles.stat}>
              <dt className={styles.statName}>{labels.stats[key]}</dt>
              <dd className={styles.statValues}>
                <span className={styles.statValue}>
                  <span className="visually-hidden">{home.name}: </span>
                  {a}
                </span>
                <span className={styles.statBar} aria-hidden="true" data-testid={`stat-bar-${key}`}>
                  <span className={styles.statHome} style={{ width: `${homeShare}%` }} />
                  <span className={styles.statAway} style={{ width: `${awayShare}%` }} />
                </span>
                <span className={styles.statValue}>
                  <span className="visually-hidden">{away.name}: </span>
                  {b}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
      <p className={styles.note}>{labels.statsSource}</p>
    </div>
  );
}

const lineName = (line: number, labels: MatchLiveLabels, players: LineupPlayer[]) => {
  const position = players[0]?.position;
  return position ? labels.lines[position] : line === 0 ? labels.lines.GK : '';
};

function Lineup({ lineup, team, labels }: { lineup: TeamLineup; team: TeamRef; labels: MatchLiveLabels }) {
  const lines = new Map<number, LineupPlayer[]>();
  for (const player of lineup.starters) {
    const key = player.line ?? 99;
    lines.set(key, [...(lines.get(key) ?? []), player]);
  }
  return (
    <section className={styles.lineup} aria-label={team.name}>
      <header className={styles.lineupHeader}>
        <TeamCrest team={team} size="sm" />
        <h3 className={styles.lineupTeam}>{team.name}</h3>
        {lineup.formation ? (
          <span className={styles.formation}>
            {labels.formation} {lineup.formation}
          </span>
        ) : null}
      </header>
      <h4 className={styles.lineupHeading}>{labels.starters}</h4>
      {[...lines.entries()]
        .sort(([a], [b]) => a - b)
        .map(([line, players]) => (
          <div key={line} className={styles.formationLine}>
            <span className={styles.lineLabel}>{lineName(line, labels, players)}</span>
            <ul className={styles.players}>
              {players.map((player) => (
                <PlayerItem key={`${player.number}-${player.name}`} player={player} labels={labels} />
              ))}
            </ul>
          </div>
        ))}
      {lineup.bench.length > 0 ? (
        <>
          <h4 className={styles.lineupHeading}>{labels.bench}</h4>
          <ul className={styles.players}>
            {lineup.bench.map((player) => (
              <PlayerItem key={`${player.number}-${player.name}`} player={player} labels={labels} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function PlayerItem({ player, labels }: { player: LineupPlayer; labels: MatchLiveLabels }) {
  return (
    <li className={`${styles.player} ${player.on_pitch ? '' : styles.offPitch}`}>
      <span className={styles.number}>{player.number ?? ''}</span>
      <span className={styles.playerName}>
        {player.name}
        {player.captain ? (
          <abbr className={styles.captain} title={labels.captain}>
            C
          </abbr>
        ) : null}
      </span>
      <span className={styles.playerEvents}>
        {Array.from({ length: player.goals }, (_, index) => (
          <EventMark key={`g${index}`} kind="goal" labels={labels} />
        ))}
        {player.yellow_cards > 0 ? <EventMark kind="yellow" labels={labels} /> : null}
        {player.sent_off ? <EventMark kind="red" labels={labels} /> : null}
        {player.subbed_on ? (
          <span className={styles.subOn} title={labels.subbedOn}>
            <span className="visually-hidden">{labels.subbedOn} </span>↑{minuteOf({ ...player.subbed_on, period: 1 })}
          </span>
        ) : null}
        {player.subbed_off ? (
          <span className={styles.subOff} title={labels.subbedOff}>
            <span className="visually-hidden">{labels.subbedOff} </span>↓{minuteOf({ ...player.subbed_off, period: 1 })}
          </span>
        ) : null}
      </span>
    </li>
  );
}
