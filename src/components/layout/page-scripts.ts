/**
 * The scripts of the page's components; BaseLayout's only module script (./PageScripts.astro), started after the
 * largest paint by the head script (src/layouts/early.js).
 *
 * A component whose script imports modules is named here. The scripts of every page's components (BaseLayout
 * renders their markup on every page) are imported statically and export a start function: astro.config.mjs bundles
 * them into this module's chunk, so that a page makes one request for all of them and their shared modules, not one
 * per module. The others name a selector for their markup and are loaded only on the pages that have it.
 *
 * Why not a `<script>` in each component: Astro emits each one as a module, with its shared chunks a few levels
 * deep, all fetched at high priority before the first paint, and on a phone that first paint is the largest one of
 * the title pages (their lead image is preloaded). Scripts without imports stay in their components: Astro inlines
 * them, which costs no request.
 *
 * A scripted button clicked before its script has run is held by the head script and clicked again once the
 * scripts here have loaded, announced by PAGE_SCRIPTS_READY.
 */
import { startToaster } from '../ui/Toaster.script.ts';
import { startAccountMenu } from '../accounts/AccountMenu.script.ts';
import { startPersonalHooks } from '../../lib/personal/client/personal-hooks.ts';

const PAGE_SCRIPTS: ReadonlyArray<readonly [selector: string, load: () => Promise<unknown>]> = [
  ['[data-hero]', () => import('../catalog/Hero.script.ts')],
  ['[data-row-scroll]', () => import('../catalog/TitleRow.script.ts')],
  ['[data-share]', () => import('../catalog/ShareButton.script.ts')],
  ['[data-coming-soon]', () => import('../catalog/MobileActionBar.script.ts')],
  ['.personal-actions', () => import('../personal/TitleActionsBox.script.ts')],
  ['[data-continue-watching]', () => import('../personal/ContinueWatchingRow.script.ts')],
  ['[data-person-details]', () => import('../people/PersonDetailPage.script.ts')],
  ['[data-known-for]', () => import('../people/KnownFor.script.ts')],
];

/** The event ./early.js waits for (a literal there: it is inlined as plain text). */
const PAGE_SCRIPTS_READY = 'cinecat:page-scripts-ready';

// Each on its own: one that fails (say, on storage the browser refuses) leaves the others and the page's own scripts
// working.
for (const start of [startToaster, startAccountMenu, startPersonalHooks]) {
  try {
    start();
  } catch (error) {
    console.error('A page script failed', error);
  }
}

const loading = PAGE_SCRIPTS
  .filter(([selector]) => document.querySelector(selector))
  .map(([selector, load]) => load().catch((error: unknown) => console.error(`The script for ${selector} failed`, error)));
void Promise.all(loading).then(() => document.dispatchEvent(new Event(PAGE_SCRIPTS_READY)));
