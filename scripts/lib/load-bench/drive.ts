/** Runs one load scenario against the site with autocannon (its Node API) and measures every answer. */
import autocannon from 'autocannon';
import { summarise, type Measurement, type Samples, type TargetGroup } from './report.ts';

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Per-connection state for one pass over a scenario's steps (autocannon clears it after the last step). */
export type StepContext = Record<string, unknown>;

export interface Scenario {
  name: string;
  group: TargetGroup;
  /** The requests each connection sends in turn, each built fresh (so every request may differ). */
  steps: ((context: StepContext) => LoadRequest)[];
  /** An answer with a 2xx status that still failed (a refused sign-in). */
  refused?: (body: string) => boolean;
  /** Overrides the run's connection count. */
  connections?: number;
  /** Housekeeping repeated while the scenario runs (e.g. emptying a rate-limit bucket all load shares). */
  whileRunning?: { everyMs: number; task: () => Promise<unknown> };
}

export interface LoadSettings {
  origin: string;
  connections: number;
  durationSeconds: number;
  /** A cheap database-backed page: once it answers, what a run left queued on the server has drained. */
  settlePath: string;
}

const WARM_UP_SECONDS = 2;
const TIMEOUT_SECONDS = 10;
const SETTLE_TIMEOUT_MS = 300_000;

/** A short unmeasured run (JIT, connection pools, database caches), then the measured one. */
export async function measure(scenario: Scenario, settings: LoadSettings): Promise<Measurement> {
  const housekeeping = scenario.whileRunning;
  const timer = housekeeping && setInterval(() => void housekeeping.task().catch(() => {}), housekeeping.everyMs);
  try {
    await load(scenario, settings, Math.min(WARM_UP_SECONDS, settings.durationSeconds));
    await settle(settings);
    const samples = await load(scenario, settings, settings.durationSeconds);
    await settle(settings);
    return summarise(scenario.name, scenario.group, samples);
  } finally {
    clearInterval(timer);
  }
}

async function load(scenario: Scenario, settings: LoadSettings, durationSeconds: number): Promise<Samples> {
  const samples: Samples = { latencies: [], non2xx: 0, socketErrors: 0, seconds: 0 };
  let firstFailure = '';
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon({
      url: settings.origin,
      connections: scenario.connections ?? settings.connections,
      duration: durationSeconds,
      timeout: TIMEOUT_SECONDS,
      requests: scenario.steps.map((step) => ({
        // Keeps autocannon's default headers (Host above all: without it the server routes nothing).
        setupRequest: (request: autocannon.Request, context: StepContext) => {
          const { method = 'GET', path, headers = {}, body } = step(context);
          return { ...request, method, path, headers: { ...request.headers, ...headers }, body };
        },
        onResponse: (status: number, body: string) => {
          if ((status < 200 || status > 299) && !firstFailure) firstFailure = `${status} ${body.slice(0, 200)}`;
        },
      })) as autocannon.Request[],
      ...(scenario.refused ? { verifyBody: (body: unknown) => !scenario.refused!(String(body)) } : {}),
    }, (error: unknown) => (error ? reject(error) : resolve()));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      samples.latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) samples.non2xx++;
    });
    // Emitted for answers verifyBody rejects; missing from @types/autocannon.
    (instance as NodeJS.EventEmitter).on('reqMismatch', () => { samples.non2xx++; });
    instance.on('reqError', () => { samples.socketErrors++; });
  });
  samples.seconds = (performance.now() - started) / 1000;
  if (firstFailure) console.warn(`${scenario.name}: first failed answer: ${firstFailure}`);
  return samples;
}

/**
 * autocannon abandons the requests still in flight when a run ends, but the server still works through them (and
 * the single-connection embedded database queues them): wait until it has, so no run inherits another's backlog.
 */
async function settle(settings: LoadSettings): Promise<void> {
  const response = await fetch(settings.origin + settings.settlePath, { signal: AbortSignal.timeout(SETTLE_TIMEOUT_MS) });
  await response.arrayBuffer();
}

/** Several scenarios at once (separate autocannon instances); resolves with each one's measurement. */
export function measureTogether(scenarios: Scenario[], settings: LoadSettings): Promise<Measurement[]> {
  return Promise.all(scenarios.map((scenario) => measure(scenario, settings)));
}
