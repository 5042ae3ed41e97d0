/**
 * On Netlify every catalogue page renders on demand, kept in the CDN under its tags and purged by them
 * (cdn-purge.ts): a deploy's static files cannot change until the next deploy. A catalogue page is one that answers
 * through answerPage or answerEndpoint (page-answer.ts); this integration reads the route's source to tell.
 */
import { readFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';

const ANSWERS_AS_CATALOGUE_PAGE = /\banswer(?:Page|Endpoint)\(/;

/** Whether the route file at `component` (its source) is a catalogue page. */
export function isCataloguePage(source: string): boolean {
  return ANSWERS_AS_CATALOGUE_PAGE.test(source);
}

export function cataloguePagesOnDemand(): AstroIntegration {
  return {
    name: 'cinecat:catalogue-pages-on-demand',
    hooks: {
      'astro:route:setup': ({ route }) => {
        if (isCataloguePage(readFileSync(route.component, 'utf8'))) route.prerender = false;
      },
    },
  };
}
