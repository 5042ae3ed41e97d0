/**
 * The Node server's page builder (started by src/lib/rebuild/local-builder.ts, never by hand): one incremental
 * `astro build` into ASTRO_OUT_DIR, then it stays and republishes that build in place (src/lib/rebuild/republish.ts)
 * each time the server asks, with the prerenderer the build kept. It ends with its parent.
 */
import { resolve } from 'node:path';
import { build } from 'astro';
import { keptPrerenderer } from '../src/lib/rebuild/link-unchanged-pages.ts';
import type { PageBuilderReply, PageBuilderRequest } from '../src/lib/rebuild/local-builder.ts';
import { republish } from '../src/lib/rebuild/republish.ts';
import { keepRouteFingerprints } from '../src/lib/rebuild/route-fingerprints.ts';
import { errorMessage } from '../src/lib/http/respond.ts';
import { astroCacheDir, astroOutDir, canonicalSiteUrl } from '../src/lib/settings.ts';

const reply = (message: PageBuilderReply) => { process.send!(message); };
process.on('disconnect', () => process.exit(0));

keepRouteFingerprints();
// Per-page lines would be 40,000 writes to a pipe nobody reads; warnings and errors still reach stderr.
await build({ logLevel: 'warn' });
const prerenderer = keptPrerenderer();
if (!prerenderer) throw new Error('The build kept no prerenderer: the cinecat:link-unchanged-pages integration did not run.');
const dirs = { outDir: resolve(astroOutDir() ?? 'dist'), cacheDir: resolve(astroCacheDir()), origin: new URL(canonicalSiteUrl()).origin };

let queue = Promise.resolve();
process.on('message', (message: PageBuilderRequest) => {
  if (message.type !== 'republish') return;
  queue = queue.then(() => republish(prerenderer, dirs).then(
    (summary) => reply({ type: 'republished', summary }),
    (error: unknown) => reply({ type: 'failed', message: errorMessage(error) }),
  ));
});
reply({ type: 'built', peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) });
