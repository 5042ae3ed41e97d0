import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step { uses?: string; run?: string; env?: Record<string, string> }
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as Workflow;

it('runs the test command through .ci/run on every push', () => {
  expect(workflow.on).toHaveProperty('push');
  expect(workflow.jobs.test!.steps.map((step) => step.run).filter(Boolean)).toEqual(['bash .ci/run']);
  expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm test$/m);
});

it('schedules nothing: the daily sync and rebuild are Netlify\'s scheduled function, the one scheduler', () => {
  expect(workflow.on).not.toHaveProperty('schedule');
  expect(Object.keys(workflow.jobs)).toEqual(['test']);
});
