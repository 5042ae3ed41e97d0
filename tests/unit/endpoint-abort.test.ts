/** A client that goes away mid-body is not a server failure: no 500, no stack trace in the log. */
import type { APIContext } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'astro/zod';
import { endpoint } from '../../src/lib/http/endpoint.ts';
import { route } from '../../src/lib/http/route.ts';

const named = route<{ body: { name: string }; answer: { name: string } }>()({ method: 'POST', path: '/api/thing', access: 'public' });
const handle = endpoint(named, { body: z.object({ name: z.string() }), handler: ({ body }) => body });

function postWithBody(body: ReadableStream<Uint8Array>, signal: AbortSignal): Response | Promise<Response> {
  const url = new URL('http://site.test/api/thing');
  const request = new Request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal, duplex: 'half' } as RequestInit);
  return handle({ request, url, params: {}, locals: {} } as unknown as APIContext) as Response | Promise<Response>;
}

afterEach(() => vi.restoreAllMocks());

describe('a request cut off by its client', () => {
  it('answers 400 without logging an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":'));
        // Node's server errors the body this way when the socket closes before the body ends.
        client.abort();
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const answer = await postWithBody(body, client.signal);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'The request was aborted.' });
    expect(logged).not.toHaveBeenCalled();
  });

  it('still answers 500 and logs when the body fails while the client is there', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = new ReadableStream<Uint8Array>({ start(controller) { controller.error(new Error('disk on fire')); } });
    const answer = await postWithBody(body, new AbortController().signal);
    expect(answer.status).toBe(500);
    expect(logged).toHaveBeenCalled();
  });
});
