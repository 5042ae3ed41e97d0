import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step { uses?: string; run?: string; env?: Record<string, string> }
interface Workflow {
  on: { push: unknown; schedule: { cron: string }[] };
  jobs: Record<string, { if: string; steps: Step[] }>;
}

const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as Workflow;

it('runs the test command through .ci/run on every push', () => {
  expect(workflow.on).toHaveProperty('push');
  expect(workflow.jobs.test!.if).toBe("github.event_name != 'schedule'");
  expect(workflow.jobs.test!.steps.map((step) => step.run).filter(Boolean)).toEqual(['bash .ci/run']);
  expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm test$/m);
});

it('POSTs the build hook kept as a repository secret on a schedule', () => {
  expect(workflow.on.schedule[0]!.cron).toMatch(/^(\S+ ){4}\S+$/);
  const rebuild = workflow.jobs.rebuild!;
  expect(rebuild.if).toBe("github.event_name == 'schedule'");
  const [step] = rebuild.steps;
  expect(step!.env).toEqual({ NETLIFY_BUILD_HOOK_URL: '${{ secrets.NETLIFY_BUILD_HOOK_URL }}' });
  expect(step!.run).toContain('curl --fail --silent --show-error -X POST -d \'{}\' "$NETLIFY_BUILD_HOOK_URL"');
});
