import { describe, expect, it } from 'vitest';
import { AddressPool, routeShape } from '../../scripts/lib/soak/client.ts';
import {
  formatMinuteTable, formatRowCountTable, KINDS, minuteRow, Recorder, rssGrowth, soakSettings, soakVerdict, type ProcessFigures,
} from '../../scripts/lib/soak/report.ts';

describe('soak bench settings', () => {
  it('defaults to 10 minutes at speed 1', () => {
    expect(soakSettings({})).toEqual({ minutes: 10, speed: 1 });
  });

  it('takes whole minutes and any positive speed', () => {
    expect(soakSettings({ minutes: '2', speed: '0.5' })).toEqual({ minutes: 2, speed: 0.5 });
    expect(soakSettings({ minutes: '30', speed: '4' })).toEqual({ minutes: 30, speed: 4 });
  });

  it('refuses what is not a whole number of minutes or a positive speed', () => {
    for (const minutes of ['0', '-1', '1.5', 'ten', '', '1e3']) expect(() => soakSettings({ minutes })).toThrow(/--minutes/);
    for (const speed of ['0', '-2', 'fast', '', 'Infinity']) expect(() => soakSettings({ speed })).toThrow(/--speed/);
  });
});

describe('soak bench recorder', () => {
  it('counts each request in the minute it ended, the late ones in the last minute', () => {
    const recorder = new Recorder(1_000, 2);
    recorder.record('static', 1_000 + 59_999, 12);
    recorder.record('static', 1_000 + 60_000, 30);
    recorder.record('search', 1_000 + 200_000, 8);
    expect(recorder.minutes[0]!.static).toEqual({ requests: 1, errors: 0, latencies: [12] });
    expect(recorder.minutes[1]!.static).toEqual({ requests: 1, errors: 0, latencies: [30] });
    expect(recorder.minutes[1]!.search.requests).toBe(1);
    expect(recorder.timeline).toHaveLength(12);
    expect(recorder.timeline[5]!.static.requests).toBe(1);
    expect(recorder.timeline[6]!.static.requests).toBe(1);
  });

  it('counts a failure without an answer as a request and an error with no latency, grouped by what went wrong', () => {
    const recorder = new Recorder(0, 1);
    recorder.record('views', 10, null, { what: 'no answer within 10 s', example: 'POST /api/events/view' });
    recorder.record('views', 20, null, { what: 'no answer within 10 s', example: 'POST /api/events/view' });
    recorder.record('views', 30, 40, { what: 'POST /api/events/view answered 429', example: 'POST /api/events/view: slow down' });
    expect(recorder.minutes[0]!.views).toEqual({ requests: 3, errors: 3, latencies: [40] });
    expect([...recorder.failures]).toEqual([
      ['views: no answer within 10 s', { count: 2, example: 'POST /api/events/view' }],
      ['views: POST /api/events/view answered 429', { count: 1, example: 'POST /api/events/view: slow down' }],
    ]);
    expect(recorder.total().views.errors).toBe(3);
  });
});

const processes = (overrides: Partial<ProcessFigures> = {}): ProcessFigures => ({
  serverRssMb: 250.4, serverCpuPercent: 40, databaseRssMb: 480, databaseCpuPercent: 12, loadGeneratorCpuPercent: 8, loadGeneratorLagP99Ms: 30,
  ...overrides,
});

describe('soak bench report', () => {
  it('prints a row a minute: requests / p99 per kind, errors and memory', () => {
    const recorder = new Recorder(0, 1);
    for (let i = 1; i <= 100; i++) recorder.record('static', 1_000, i);
    recorder.record('sign-in', 1_000, 700);
    recorder.record('sign-in', 1_000, null, { what: 'timeout', example: 'POST /api/auth/callback/credentials' });
    const table = formatMinuteTable([minuteRow(1, recorder.minutes[0]!, processes())]).split('\n');
    expect(table[0]).toBe('| min | static pages | view reports | search | browse | signed-in reads | list writes | ratings | sign-ins | admin | errors | '
      + 'server RSS MB | database RSS MB |');
    expect(table[2]).toBe('| 1 | 100 / 99 | – | – | – | – | – | – | 2 / 700 | – | 1 | 250 | 480 |');
  });

  it('leaves the database column out on PostgreSQL', () => {
    const row = minuteRow(1, new Recorder(0, 1).minutes[0]!, processes({ databaseRssMb: null, databaseCpuPercent: null }));
    expect(formatMinuteTable([row]).split('\n')[0]).not.toContain('database');
    expect(row.errors).toBe(0);
    expect(Object.keys(row.kinds)).toEqual([...KINDS]);
  });

  it('prints the row counts before the traffic and after each minute', () => {
    expect(formatRowCountTable([
      { label: 'start', counts: { rate_limits: 0, view_events: 0 } },
      { label: '1', counts: { rate_limits: 1234, view_events: 56 } },
    ]).split('\n')).toEqual([
      '| min | rate_limits | view_events |',
      '| ---: | ---: | ---: |',
      '| start | 0 | 0 |',
      '| 1 | 1,234 | 56 |',
    ]);
  });
});

describe('soak bench verdict', () => {
  it('measures RSS growth from the end of minute 2 to the end of the run', () => {
    expect(rssGrowth([300, 200, 210, 220])).toEqual({ baselineMb: 200, lastMb: 220, growth: expect.closeTo(0.1, 10) });
    expect(rssGrowth([300, 200])).toBeNull();
    expect(rssGrowth([300])).toBeNull();
  });

  it('passes with no errors and at most 10 % growth; fails on either', () => {
    const none = { requests: 0, background: 0 };
    expect(soakVerdict(none, [300, 200, 250, 220]).met).toBe(true);
    expect(soakVerdict(none, [300, 200, 250, 221]).met).toBe(false);
    expect(soakVerdict({ requests: 1, background: 0 }, [300, 200, 200]).met).toBe(false);
    const failedRebuild = soakVerdict({ requests: 0, background: 1 }, [300, 200, 200]);
    expect(failedRebuild.met).toBe(false);
    expect(failedRebuild.lines[0]).toBe('✗ errors: 1 (0 requests, 1 background jobs; target 0)');
    const lines = soakVerdict(none, [300, 200, 180]).lines;
    expect(lines[0]).toBe('✓ errors: 0 (0 requests, 0 background jobs; target 0)');
    expect(lines[1]).toMatch(/^✓ server RSS from the end of minute 2 to the end: 200 → 180 MB \(-10\.0 %, target ≤ \+10 %\)$/);
  });

  it('does not judge memory in a run of 2 minutes or less, only errors', () => {
    const verdict = soakVerdict({ requests: 0, background: 0 }, [300, 320]);
    expect(verdict.met).toBe(true);
    expect(verdict.lines[1]).toMatch(/^– server RSS growth not judged/);
    expect(soakVerdict({ requests: 3, background: 0 }, [300]).met).toBe(false);
  });
});

describe('soak bench clients', () => {
  it('hands out distinct loopback addresses, never 127.0.0.x nor a .0 or .255', () => {
    const pool = new AddressPool();
    const addresses = Array.from({ length: 70_000 }, () => pool.take());
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses[0]).toBe('127.1.0.1');
    for (const address of addresses) {
      expect(address).toMatch(/^127\.(\d+)\.(\d+)\.(\d+)$/);
      expect(address.startsWith('127.0.')).toBe(false);
      expect(address).not.toMatch(/\.(0|255)$/);
      for (const part of address.split('.')) expect(Number(part)).toBeLessThanOrEqual(255);
    }
  });

  it('groups failures by the shape of the path', () => {
    expect(routeShape('/movie/the-dark-knight/155?x=1')).toBe('/movie/:slug/:id');
    expect(routeShape('/people/ada-lovelace/42/')).toBe('/people/:slug/:id');
    expect(routeShape('/api/admin/import/jobs/17')).toBe('/api/admin/import/jobs/:id');
    expect(routeShape('/api/search?query=matrix')).toBe('/api/search');
  });
});
