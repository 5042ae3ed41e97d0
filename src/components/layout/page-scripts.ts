/**
 * The scripts of the page's components: BaseLayout's only module script (./PageScripts.astro). A module runs once
 * the document is parsed, before DOMContentLoaded, so every scripted button works from then on; until then the page
 * hides the controls that only these scripts serve (data-needs-script), so no press lands on a dead one.
 *
 * A component whose script imports modules is started here. Why not a `<script>` in each component: Astro emits each
 * one as a module, with its shared chunks a few levels deep; here they are one chunk (astro.config.mjs), one request.
 * Together they are a few kilobytes, so every page gets all of them and each finds its own markup or does nothing.
 * Scripts without imports stay in their components: Astro inlines them, which costs no request.
 */
import { startToaster } from '../ui/Toaster.script.ts';
import { startAccountMenu } from '../accounts/AccountMenu.script.ts';
import { startPersonalHooks } from '../personal/personal-hooks.ts';
import { startHero } from '../catalog/Hero.script.ts';
import { startTitleRows } from '../catalog/TitleRow.script.ts';
import { startShareButtons } from '../catalog/ShareButton.script.ts';
import { startComingSoonButtons } from '../catalog/MobileActionBar.script.ts';
import { startTitleActions } from '../personal/TitleActionsBox.script.ts';
import { startContinueWatching } from '../personal/ContinueWatchingRow.script.ts';
import { startPersonDetails } from '../people/PersonDetailPage.script.ts';
import { startKnownForSorts } from '../people/KnownFor.script.ts';
import { startWhereToWatch } from '../watch/WhereToWatch.script.ts';

// Each on its own: one that fails (say, on storage the browser refuses) leaves the others working.
for (const start of [startToaster, startAccountMenu, startPersonalHooks, startHero, startTitleRows, startShareButtons,
  startComingSoonButtons, startTitleActions, startContinueWatching, startPersonDetails, startKnownForSorts, startWhereToWatch]) {
  try {
    start();
  } catch (error) {
    console.error('A page script failed', error);
  }
}
// Shows the controls that wait for these scripts ([data-needs-script], src/styles/global.css).
document.documentElement.dataset.pageScripts = 'started';
