/**
 * The Node publisher's view of the build that prerendered its pages: an integration, given to that build only
 * (scripts/page-builder.ts passes it to astro's build()), that wraps Astro's prerenderer through its public API
 * (`setPrerenderer`). Every page the build renders is recorded in a PageIndex with the ETag and the tags it answered
 * with (page-answer.ts), and the prerenderer is kept for the publisher's later renders, which the publisher records
 * itself, once it has written their files.
 */
import type { AstroIntegration, AstroPrerenderer, RouteData } from 'astro';
import { keepPrerenderBundle, requestHeader, restorePrerenderBundle } from './astro-internals.ts';
import { PAGE_TAGS_HEADER, PUBLISHER_HEADER } from './page-answer.ts';
import { pagePathOf } from './page-files.ts';
import { PageIndex } from './page-index.ts';
import type { JournalPage } from './publish-journal.ts';

export interface PageRecorder {
  integration: AstroIntegration;
  index: PageIndex;
  /** The build's prerenderer, once the build has set it up. */
  prerenderer(): AstroPrerenderer;
}

/** Records a page the prerenderer answered with 200 (the 404 page answers 404 and is recorded too). */
export function recordAnswer(index: PageIndex, pathname: string, route: RouteData, response: Response): void {
  const tags = response.headers.get(PAGE_TAGS_HEADER)?.split(' ').filter(Boolean) ?? [];
  index.set(pathname, { route, etag: response.headers.get('ETag'), tags });
}

/**
 * `kept`: pages of the last run whose files are still current for this code (publish-journal.ts): the build leaves
 * them out and the index takes them as they are.
 */
export function pageRecorder(keep?: ReadonlyMap<string, JournalPage>): PageRecorder {
  let kept = keep;
  const index = new PageIndex();
  let recorded: AstroPrerenderer | undefined;
  let setRecorder: (() => void) | undefined;
  let serverDir: URL | undefined;
  const integration: AstroIntegration = {
    name: 'cinecat:page-recorder',
    hooks: {
      // Set once Vite has built Astro's own prerender entry: a prerenderer set before it makes Astro leave that entry
      // out of the build (astro/dist/core/build/vite-build-config.js), as an adapter's own prerenderer would replace it.
      'astro:config:done': ({ config }) => { serverDir = config.build.server; },
      'astro:build:ssr': () => setRecorder?.(),
      // Before Astro removes the bundle the publisher renders with, and once it has (astro-internals.ts).
      'astro:build:generated': () => keepPrerenderBundle(serverDir!),
      'astro:build:done': () => restorePrerenderBundle(serverDir!),
      'astro:build:start': ({ setPrerenderer }) => {
        setRecorder = () => setPrerenderer((astros) => {
          // Astro's own prerenderer underneath: its setup keeps the app the publisher renders with later (astro-internals.ts).
          const wrapper: AstroPrerenderer = Object.create(astros);
          wrapper.name = 'cinecat:recorded';
          // The build's listing leaves the kept pages out; the publisher's later listings are whole.
          wrapper.getStaticPaths = async () => {
            const keeping = kept;
            kept = undefined;
            return (await astros.getStaticPaths()).filter(({ pathname, route }) => {
              const path = pagePathOf(pathname);
              const page = path === null ? undefined : keeping?.get(path);
              if (page) index.set(path!, { route, ...page });
              return !page;
            });
          };
          wrapper.render = async (request, options) => {
            const rendered = await astros.render(request, options);
            const response = rendered instanceof Response ? rendered : rendered.response;
            const pathname = pagePathOf(new URL(request.url).pathname);
            // The build's renders only: the publisher records a page once its file is written (node-publisher.ts).
            const built = !requestHeader(request, PUBLISHER_HEADER);
            if (built && pathname !== null && (response.ok || options.routeData.route === '/404')) recordAnswer(index, pathname, options.routeData, response);
            return rendered;
          };
          recorded = wrapper;
          return wrapper;
        });
      },
    },
  };
  return {
    integration,
    index,
    prerenderer: () => {
      if (!recorded) throw new Error('The page recorder saw no build: pass its integration to astro\'s build().');
      return recorded;
    },
  };
}
