/**
 * What the Netlify smoke run puts around `netlify serve --offline`: the CDN stand-in in front of it (every test request
 * goes through it), the purge API stand-in its functions and scripts purge through (it evicts from that CDN), and a
 * control server through which the tests, in Playwright's worker, read both and edit the fake TMDB of the global setup.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import type { ChangeList, startFakeTmdb } from '../../support/fake-tmdb.ts';
import { startNetlifyCdn, type CdnRequest, type OriginRequest } from '../../support/netlify-cdn.ts';
import { startNetlifyPurgeApi, type PurgeCall } from '../../support/netlify-purge-api.ts';

/** What the functions and the CLI import purge with (SITE_ID, NETLIFY_PURGE_API_TOKEN). */
export const SMOKE_SITE_ID = 'cinecat-smoke-offline';
export const SMOKE_PURGE_TOKEN = 'smoke-purge-token';

type FakeTmdb = Awaited<ReturnType<typeof startFakeTmdb>>;

/** What the control server answers at GET /state. */
export interface StandInState {
  purges: PurgeCall[];
  otherApiRequests: string[];
  cdnRequests: CdnRequest[];
  originRequests: OriginRequest[];
}

/** A TMDB edit the tests ask for: fields of an answer, or the ids a change list names. */
export type TmdbEdit = { path: string; fields: Record<string, unknown> } | { list: ChangeList; ids: number[] };

export async function startStandIns(options: { origin: string; tmdb: FakeTmdb }) {
  const cdn = await startNetlifyCdn({ origin: options.origin });
  const purgeApi = await startNetlifyPurgeApi({ siteId: SMOKE_SITE_ID, token: SMOKE_PURGE_TOKEN, onPurge: (tags) => cdn.purge(tags) });
  const control = createServer(async (request, response) => {
    if (request.method === 'GET' && request.url === '/state') {
      const state: StandInState = {
        purges: purgeApi.calls, otherApiRequests: purgeApi.others, cdnRequests: cdn.requests, originRequests: cdn.originRequests,
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state));
      return;
    }
    if (request.method === 'POST' && request.url === '/tmdb') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const edit = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TmdbEdit;
      if ('path' in edit) options.tmdb.edit(edit.path, edit.fields);
      else options.tmdb.setChanges(edit.list, edit.ids);
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  return {
    cdnUrl: cdn.url,
    purgeApiUrl: purgeApi.url,
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    close: async () => {
      control.closeAllConnections();
      control.close();
      await Promise.all([cdn.close(), purgeApi.close()]);
    },
  };
}

const controlUrl = () => process.env.NETLIFY_SMOKE_CONTROL_URL!;

/** What the stand-ins saw so far (from a test). */
export async function standInState(): Promise<StandInState> {
  return (await fetch(`${controlUrl()}/state`)).json() as Promise<StandInState>;
}

/** Changes what the fake TMDB answers (from a test). */
export async function editTmdb(edit: TmdbEdit): Promise<void> {
  const response = await fetch(`${controlUrl()}/tmdb`, { method: 'POST', body: JSON.stringify(edit) });
  if (!response.ok) throw new Error(`the control server answered ${response.status}`);
}

/**
 * Netlify's API was asked only to purge, with the site's id and token, and accepted every purge: the purger never
 * went past two purges of a tag (or of the site) in 5 s.
 */
export async function expectOnlyAcceptedPurges(): Promise<void> {
  const { purges, otherApiRequests } = await standInState();
  expect(otherApiRequests).toEqual([]);
  expect(purges.filter((purge) => purge.status !== 202)).toEqual([]);
}
