/** The load benchmark's figures: percentiles, the targets and the printed (Markdown) table. Pure. */

export type Engine = 'embedded' | 'postgres';
/** Which target a scenario is judged against, if any. */
export type TargetGroup = 'static' | 'search-browse' | 'write-under-load' | 'none';

export interface Measurement {
  scenario: string;
  group: TargetGroup;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers outside 2xx, and answers refused by the scenario's own check (a sign-in that failed). */
  non2xx: number;
  /** Socket errors and timeouts. */
  socketErrors: number;
}

export interface Samples {
  /** Latency of every answer, in milliseconds. */
  latencies: number[];
  non2xx: number;
  socketErrors: number;
  seconds: number;
}

export const TARGETS = {
  /** Embedded database: search and browse throughput as a share of the static page's, with this p99. */
  embeddedShareOfStatic: 0.25,
  embeddedP99Ms: 250,
  postgresRequestsPerSecond: 1000,
  postgresP99Ms: 100,
  writeUnderLoadP99Ms: 250,
} as const;

/** Nearest-rank percentile of ascending values; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(scenario: string, group: TargetGroup, samples: Samples): Measurement {
  const sorted = [...samples.latencies].sort((a, b) => a - b);
  return {
    scenario,
    group,
    requests: sorted.length,
    requestsPerSecond: samples.seconds > 0 ? sorted.length / samples.seconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx: samples.non2xx,
    socketErrors: samples.socketErrors,
  };
}

export interface Verdict {
  /** Throughput as a share of the static page's in the same run (embedded search and browse only). */
  shareOfStatic: number | null;
  /** '', or '✓ …' / '✗ …' naming the target. */
  mark: string;
}

export function judge(row: Measurement, engine: Engine, staticRequestsPerSecond: number | null): Verdict {
  const failed = row.non2xx + row.socketErrors > 0;
  const mark = (met: boolean, target: string) => `${met && !failed ? '✓' : '✗'} ${target}${failed ? ' (with errors)' : ''}`;
  if (row.group === 'write-under-load') {
    return { shareOfStatic: null, mark: mark(row.p99 <= TARGETS.writeUnderLoadP99Ms, `p99 ≤ ${TARGETS.writeUnderLoadP99Ms} ms`) };
  }
  if (row.group !== 'search-browse') return { shareOfStatic: null, mark: '' };
  if (engine === 'postgres') {
    const met = row.requestsPerSecond >= TARGETS.postgresRequestsPerSecond && row.p99 <= TARGETS.postgresP99Ms;
    return { shareOfStatic: null, mark: mark(met, `≥ ${TARGETS.postgresRequestsPerSecond.toLocaleString('en-US')} req/s, p99 ≤ ${TARGETS.postgresP99Ms} ms`) };
  }
  const share = staticRequestsPerSecond ? row.requestsPerSecond / staticRequestsPerSecond : 0;
  const met = share >= TARGETS.embeddedShareOfStatic && row.p99 <= TARGETS.embeddedP99Ms;
  return { shareOfStatic: share, mark: mark(met, `≥ ${TARGETS.embeddedShareOfStatic * 100} % of static, p99 ≤ ${TARGETS.embeddedP99Ms} ms`) };
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** A Markdown table of the rows, judged against the targets for the engine. */
export function formatTable(rows: readonly Measurement[], engine: Engine): string {
  const staticRow = rows.find((row) => row.group === 'static');
  const header = ['Scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'socket errors', '% of static', 'target'];
  const lines = rows.map((row) => {
    const verdict = judge(row, engine, staticRow?.requestsPerSecond ?? null);
    return [
      row.scenario, count(row.requestsPerSecond), ms(row.p50), ms(row.p95), ms(row.p99), count(row.non2xx), count(row.socketErrors),
      verdict.shareOfStatic === null ? '' : `${(verdict.shareOfStatic * 100).toFixed(0)} %`, verdict.mark,
    ];
  });
  const align = ['---', ...header.slice(1, -1).map(() => '---:'), '---'];
  return [header, align, ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
