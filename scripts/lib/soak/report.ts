/**
 * The soak benchmark's figures (issue 21 §4): its settings, every request counted per kind and per minute of the
 * run, the per-minute Markdown tables and the verdict against the targets. Pure: the clock is passed in.
 */
import { percentile } from '../load-bench/report.ts';

/** What the traffic asks for, one column each. */
export const KINDS = ['static', 'views', 'search', 'browse', 'reads', 'lists', 'ratings', 'sign-in', 'admin'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  static: 'static pages',
  views: 'view reports',
  search: 'search',
  browse: 'browse',
  reads: 'signed-in reads',
  lists: 'list writes',
  ratings: 'ratings',
  'sign-in': 'sign-ins',
  admin: 'admin',
};

export const SOAK_TARGETS = {
  errors: 0,
  /** RSS growth is measured from the end of this minute (start-up and warm-up come before it)... */
  rssBaselineMinute: 2,
  /** ...to the end of the run, at most this share. */
  maxRssGrowth: 0.1,
} as const;

export interface SoakSettings {
  minutes: number;
  /** Divides every client's pauses between requests: 2 sends about twice as many requests. */
  speed: number;
}

export const DEFAULT_SOAK_SETTINGS: SoakSettings = { minutes: 10, speed: 1 };

/** `--minutes` (a whole number, at least 1) and `--speed` (a positive number) as given on the command line. */
export function soakSettings(values: { minutes?: string | undefined; speed?: string | undefined }): SoakSettings {
  const minutes = values.minutes === undefined ? DEFAULT_SOAK_SETTINGS.minutes : Number(values.minutes);
  if (values.minutes !== undefined && (!/^\s*\d+\s*$/.test(values.minutes) || !Number.isSafeInteger(minutes) || minutes < 1)) {
    throw new Error(`--minutes must be a whole number of at least 1 (got "${values.minutes}").`);
  }
  const speed = values.speed === undefined ? DEFAULT_SOAK_SETTINGS.speed : Number(values.speed);
  if (values.speed !== undefined && (values.speed.trim() === '' || !Number.isFinite(speed) || speed <= 0)) {
    throw new Error(`--speed must be a positive number (got "${values.speed}").`);
  }
  return { minutes, speed };
}

export const TIMELINE_SLOT_MS = 10_000;

interface KindCounts { requests: number; errors: number; latencies: number[] }
export type MinuteCounts = Record<Kind, KindCounts>;

const emptyMinute = (): MinuteCounts =>
  Object.fromEntries(KINDS.map((kind) => [kind, { requests: 0, errors: 0, latencies: [] }])) as unknown as MinuteCounts;

/**
 * Every request of the run, counted in the minute it ended (those that end after the last minute count in it).
 * A request that got an answer has a latency, failed or not; one that got none (network error, timeout) has not.
 */
export class Recorder {
  readonly minutes: MinuteCounts[];
  /** The same counts in TIMELINE_SLOT_MS slots, to see what happened when (saved with the results). */
  readonly timeline: MinuteCounts[];
  /** Failures by what went wrong, with one example each. */
  readonly failures = new Map<string, { count: number; example: string }>();
  /** Requests sent again because the server had closed the idle connection they went out on (client.ts). */
  staleConnectionRetries = 0;

  constructor(private readonly startedAt: number, minutes: number) {
    this.minutes = Array.from({ length: minutes }, emptyMinute);
    this.timeline = Array.from({ length: (minutes * 60_000) / TIMELINE_SLOT_MS }, emptyMinute);
  }

  minuteAt(now: number): number {
    return Math.min(this.minutes.length - 1, Math.max(0, Math.floor((now - this.startedAt) / 60_000)));
  }

  record(kind: Kind, now: number, latencyMs: number | null, failure?: { what: string; example: string }): void {
    const slot = Math.min(this.timeline.length - 1, Math.max(0, Math.floor((now - this.startedAt) / TIMELINE_SLOT_MS)));
    for (const counts of [this.minutes[this.minuteAt(now)]![kind], this.timeline[slot]![kind]]) {
      counts.requests++;
      if (latencyMs !== null) counts.latencies.push(latencyMs);
      if (failure) counts.errors++;
    }
    if (!failure) return;
    const key = `${kind}: ${failure.what}`;
    const known = this.failures.get(key);
    if (known) known.count++;
    else this.failures.set(key, { count: 1, example: failure.example });
  }

  /** The whole run per kind. */
  total(): MinuteCounts {
    const total = emptyMinute();
    for (const minute of this.minutes) {
      for (const kind of KINDS) {
        total[kind].requests += minute[kind].requests;
        total[kind].errors += minute[kind].errors;
        for (const latency of minute[kind].latencies) total[kind].latencies.push(latency);
      }
    }
    return total;
  }
}

export interface KindFigures { requests: number; errors: number; p50: number; p99: number; max: number }

export function kindFigures(counts: KindCounts): KindFigures {
  const sorted = [...counts.latencies].sort((a, b) => a - b);
  return { requests: counts.requests, errors: counts.errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
}

/** What the processes did in one minute: memory at its end, CPU over it (100 = one core busy all the minute). */
export interface ProcessFigures {
  serverRssMb: number;
  serverCpuPercent: number;
  /** The embedded database's process; null on PostgreSQL. */
  databaseRssMb: number | null;
  databaseCpuPercent: number | null;
  /** The bench process itself: the load generator's CPU and how late its event loop ran (p99), which latencies include. */
  loadGeneratorCpuPercent: number;
  loadGeneratorLagP99Ms: number;
}

/** The timeline as saved: per slot, each kind that sent something with its figures. */
export function timelineRows(recorder: Recorder): { from: string; kinds: Partial<Record<Kind, KindFigures>> }[] {
  return recorder.timeline.map((slot, index) => {
    const seconds = (index * TIMELINE_SLOT_MS) / 1000;
    const kinds = Object.fromEntries(KINDS.filter((kind) => slot[kind].requests).map((kind) => [kind, kindFigures(slot[kind])]));
    return { from: `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`, kinds };
  });
}

/** One minute of the run as printed: requests and p99 per kind, errors, and the processes' figures. */
export interface MinuteRow extends ProcessFigures {
  minute: number;
  kinds: Record<Kind, KindFigures>;
  errors: number;
}

export function minuteRow(minute: number, counts: MinuteCounts, processes: ProcessFigures): MinuteRow {
  const kinds = Object.fromEntries(KINDS.map((kind) => [kind, kindFigures(counts[kind])])) as Record<Kind, KindFigures>;
  return { minute, kinds, errors: KINDS.reduce((sum, kind) => sum + kinds[kind].errors, 0), ...processes };
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const markdown = (header: string[], align: string[], lines: string[][]) =>
  [header, align, ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');

/** The per-minute table: each kind's cell is "requests / p99 ms" ("–" when it sent nothing that minute). */
export function formatMinuteTable(rows: readonly MinuteRow[]): string {
  const withDatabase = rows.some((row) => row.databaseRssMb !== null);
  const header = ['min', ...KINDS.map((kind) => KIND_LABELS[kind]), 'errors', 'server RSS MB', ...(withDatabase ? ['database RSS MB'] : [])];
  const lines = rows.map((row) => [
    String(row.minute),
    ...KINDS.map((kind) => (row.kinds[kind].requests ? `${count(row.kinds[kind].requests)} / ${ms(row.kinds[kind].p99)}` : '–')),
    count(row.errors),
    count(row.serverRssMb),
    ...(withDatabase ? [row.databaseRssMb === null ? '' : count(row.databaseRssMb)] : []),
  ]);
  return markdown(header, ['---:', ...header.slice(1).map(() => '---:')], lines);
}

/** CPU of the server, the embedded database and the load generator per minute, and the generator's event-loop lag. */
export function formatProcessTable(rows: readonly MinuteRow[]): string {
  const withDatabase = rows.some((row) => row.databaseCpuPercent !== null);
  const header = ['min', 'server CPU %', ...(withDatabase ? ['database CPU %'] : []), 'load generator CPU %', 'load generator lag p99 ms'];
  const lines = rows.map((row) => [
    String(row.minute), count(row.serverCpuPercent), ...(withDatabase ? [row.databaseCpuPercent === null ? '' : count(row.databaseCpuPercent)] : []),
    count(row.loadGeneratorCpuPercent), ms(row.loadGeneratorLagP99Ms),
  ]);
  return markdown(header, header.map(() => '---:'), lines);
}

/** The whole run per kind. */
export function formatKindTable(total: MinuteCounts, minutes: number): string {
  const header = ['Kind', 'requests', 'req/s', 'errors', 'p50 ms', 'p99 ms', 'max ms'];
  const lines = KINDS.map((kind) => {
    const figures = kindFigures(total[kind]);
    return [KIND_LABELS[kind], count(figures.requests), (figures.requests / (minutes * 60)).toFixed(1), count(figures.errors),
      ms(figures.p50), ms(figures.p99), ms(figures.max)];
  });
  return markdown(header, ['---', ...header.slice(1).map(() => '---:')], lines);
}

/** Row counts of the tables the traffic writes: before the traffic ('start') and at the end of each minute. */
export function formatRowCountTable(samples: readonly { label: string; counts: Record<string, number> }[]): string {
  const tables = Object.keys(samples[0]?.counts ?? {});
  const header = ['min', ...tables];
  return markdown(header, header.map(() => '---:'), samples.map((sample) => [sample.label, ...tables.map((table) => count(sample.counts[table] ?? 0))]));
}

export interface RssGrowth { baselineMb: number; lastMb: number; growth: number }

/**
 * The server's RSS at the end of the run against the end of minute 2 (`rssByMinute[i]`: at the end of minute i + 1);
 * null when the run is too short to have anything after minute 2.
 */
export function rssGrowth(rssByMinute: readonly number[]): RssGrowth | null {
  if (rssByMinute.length <= SOAK_TARGETS.rssBaselineMinute) return null;
  const baselineMb = rssByMinute[SOAK_TARGETS.rssBaselineMinute - 1]!;
  const lastMb = rssByMinute.at(-1)!;
  return { baselineMb, lastMb, growth: lastMb / baselineMb - 1 };
}

export interface SoakVerdict { met: boolean; lines: string[] }

/** `errors.background`: import jobs and rebuilds that failed or did not finish. */
export function soakVerdict(errors: { requests: number; background: number }, rssByMinute: readonly number[]): SoakVerdict {
  const total = errors.requests + errors.background;
  const errorsMet = total <= SOAK_TARGETS.errors;
  const lines = [`${errorsMet ? '✓' : '✗'} errors: ${count(total)} (${count(errors.requests)} requests, ${count(errors.background)} background jobs; ` +
    `target ${SOAK_TARGETS.errors})`];
  const growth = rssGrowth(rssByMinute);
  const limit = `${SOAK_TARGETS.maxRssGrowth * 100} %`;
  if (!growth) {
    lines.push(`– server RSS growth not judged: the target counts from the end of minute ${SOAK_TARGETS.rssBaselineMinute}; run longer than that`);
    return { met: errorsMet, lines };
  }
  const rssMet = growth.lastMb <= growth.baselineMb * (1 + SOAK_TARGETS.maxRssGrowth);
  const sign = growth.growth >= 0 ? '+' : '';
  lines.push(`${rssMet ? '✓' : '✗'} server RSS from the end of minute ${SOAK_TARGETS.rssBaselineMinute} to the end: ` +
    `${count(growth.baselineMb)} → ${count(growth.lastMb)} MB (${sign}${(growth.growth * 100).toFixed(1)} %, target ≤ +${limit})`);
  return { met: errorsMet && rssMet, lines };
}
