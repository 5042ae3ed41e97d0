/**
 * The page recorder (src/lib/publishing/page-recorder.ts) around a stand-in for Astro's prerenderer: the build's
 * renders are recorded as they answer; the publisher's are not, as it records a page only once its file is written.
 */
import type { AstroIntegration, AstroPrerenderer, RouteData } from 'astro';
import { describe, expect, it } from 'vitest';
import { PAGE_TAGS_HEADER, PUBLISHER_HEADER } from '../../src/lib/publishing/page-answer.ts';
import { pageRecorder } from '../../src/lib/publishing/page-recorder.ts';

type Hooks = AstroIntegration['hooks'];
type SetPrerenderer = (factory: (prerenderer: AstroPrerenderer) => AstroPrerenderer) => void;

const route = { route: '/movie/[slug]/[tmdbId]', prerender: true, type: 'page' } as RouteData;

/** The recorder's prerenderer over one that answers every page with `etag`, as a build sets it up. */
function recordedPrerenderer(etag: () => string) {
  const recorder = pageRecorder();
  const hooks = recorder.integration.hooks as Required<Hooks>;
  let factory: ((prerenderer: AstroPrerenderer) => AstroPrerenderer) | undefined;
  const setPrerenderer: SetPrerenderer = (given) => { factory = given; };
  void (hooks['astro:build:start'] as (options: { setPrerenderer: SetPrerenderer }) => void)({ setPrerenderer });
  void (hooks['astro:build:ssr'] as () => void)();
  const astros = {
    name: 'astro:default',
    getStaticPaths: async () => [],
    render: async () => new Response('<p>page</p>', { headers: { ETag: etag(), [PAGE_TAGS_HEADER]: 'm1 g2' } }),
  } as unknown as AstroPrerenderer;
  factory!(astros);
  return { index: recorder.index, prerenderer: recorder.prerenderer() };
}

describe('the page recorder', () => {
  it('records a page the build renders, with its ETag and tags', async () => {
    const { index, prerenderer } = recordedPrerenderer(() => '"built"');
    await prerenderer.render(new Request('http://cinecat.test/movie/heat/949/'), { routeData: route });
    expect(index.get('/movie/heat/949')).toMatchObject({ etag: '"built"', tags: ['m1', 'g2'] });
  });

  it('leaves a page the publisher renders as it was: a file not yet written keeps its old ETag', async () => {
    let etag = '"built"';
    const { index, prerenderer } = recordedPrerenderer(() => etag);
    await prerenderer.render(new Request('http://cinecat.test/movie/heat/949/'), { routeData: route });
    etag = '"renewed"';
    await prerenderer.render(new Request('http://cinecat.test/movie/heat/949/', { headers: { [PUBLISHER_HEADER]: '1' } }), { routeData: route });
    expect(index.get('/movie/heat/949')?.etag).toBe('"built"');
  });
});
