/**
 * Keeps Astro's cache dir between Netlify deploys: the incremental build's manifest and page copies
 * (astro.config.mjs `experimental.incrementalBuild`), so a deploy renders only the pages whose data changed.
 * `@netlify/cache-utils` (utils.cache) is Netlify's documented way to carry files from one build to the next.
 */

// astro.config.mjs's default cacheDir (src/lib/settings.ts astroCacheDir); builds on Netlify do not override it.
const CACHE_DIR = 'node_modules/.astro';

export const onPreBuild = async ({ utils }) => {
  const restored = await utils.cache.restore(CACHE_DIR);
  console.log(restored ? `Restored ${CACHE_DIR} from the previous deploy.` : `No cached ${CACHE_DIR}: every page is rendered.`);
};

export const onPostBuild = async ({ utils }) => {
  await utils.cache.save(CACHE_DIR);
};
