/*
 * Inlined by src/layouts/BaseLayout.astro as a blocking script in <head>, with its hash in the page's
 * Content-Security-Policy. Inline rather than a file: a file in <head> is a request the first paint waits for
 * (a whole round trip on a mobile connection); the comments are stripped from the inlined copy.
 */
// Before any image loads: a failed artwork shows the 'Image Error' placeholder (error events do not bubble,
// hence the capture phase). The <img> stays in place and only its source changes: replacing the element
// would break the hydration of the React island it may sit in. The placeholder has no size or viewBox of its own:
// it is drawn at the size of its slot (poster, backdrop, profile, still; the <img>'s width and height keep the
// slot's shape), and its text stays 14 px, never scaled with the image. The context menu is disabled site-wide (spec).
var IMAGE_ERROR = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%"><rect width="100%" height="100%" fill="#1b1e26"/><text x="50%" y="50%" fill="#9aa0aa" font-family="sans-serif" font-size="14" text-anchor="middle" dominant-baseline="middle">Image Error</text></svg>');
document.addEventListener('error', function (event) {
  var img = event.target;
  if (!(img instanceof HTMLImageElement) || !img.classList.contains('artwork') || img.dataset.imageError) return;
  img.dataset.imageError = '';
  img.removeAttribute('srcset');
  img.alt = 'Image Error';
  img.src = IMAGE_ERROR;
}, true);
document.addEventListener('contextmenu', function (event) { event.preventDefault(); });
// The account menu's first paint (src/lib/accounts/session-store.ts, SIGNED_IN_HINT_KEY).
try { if (localStorage.getItem('cinecat:signed-in') === '1') document.documentElement.classList.add('signed-in-hint'); } catch (error) {}
// A scripted button (type=button, outside React islands, which hold their own clicks) clicked before the page's
// scripts have loaded: hold the click, and click it again once they have (PAGE_SCRIPTS_READY in
// src/components/layout/page-scripts.ts), or once they have failed to load, so that inline scripts' buttons work
// anyway. A popover's button needs no script: its click goes through.
var heldButtons = [];
function holdScriptedClick(event) {
  var button = event.target instanceof Element ? event.target.closest('button[type="button"]:not([popovertarget])') : null;
  if (!button || button.closest('astro-island')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (heldButtons.indexOf(button) < 0) heldButtons.push(button);
}
function releaseHeldClicks() {
  if (!heldButtons) return;
  document.removeEventListener('click', holdScriptedClick, true);
  heldButtons.forEach(function (button) { if (button.isConnected) button.click(); });
  heldButtons = null;
}
document.addEventListener('click', holdScriptedClick, true);
document.addEventListener('cinecat:page-scripts-ready', releaseHeldClicks);
// The page's scripts (src/components/layout/PageScripts.astro, and the service worker's registration) start after
// the largest paint, so that no request of theirs competes with it: BaseLayout keeps their <script>s in a
// <template>, which the browser neither fetches nor runs. They are copied out once the page's images have loaded
// (on a phone the largest paint is the lead image) and that image's paint has been reported, a frame later and a
// task later; at the latest PAGE_SCRIPTS_LATEST_MS after the document is parsed, so that a slow image host does not
// keep the buttons waiting.
var PAGE_SCRIPTS_LATEST_MS = 2000;
// The report of the lead image's paint (a largest-contentful-paint entry) carries the time its frame was presented,
// which on a busy phone comes a few frames after the load event. It is awaited at most this long after load: on some
// screens another element is the largest paint, and the lead image is never reported.
var LEAD_IMAGE_PAINT_WAIT_MS = 500;
var pageScriptsStarted = false;
function startPageScripts() {
  if (pageScriptsStarted) return;
  pageScriptsStarted = true;
  requestAnimationFrame(function () {
    setTimeout(function () {
      // BaseLayout, the only page that inlines this script, always renders the template.
      document.querySelector('template[data-page-scripts]').content.querySelectorAll('script').forEach(function (held) {
        var script = document.createElement('script');
        if (held.type === 'module') {
          script.type = 'module';
          script.addEventListener('error', releaseHeldClicks);
        }
        script.src = held.getAttribute('src');
        document.body.append(script);
      });
    });
  });
}
function startPageScriptsOnceLeadImagePainted() {
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!document.querySelector('img[fetchpriority="high"]') || !types || types.indexOf('largest-contentful-paint') < 0) {
    startPageScripts();
    return;
  }
  var observer = new PerformanceObserver(function (list) {
    var leadImagePainted = list.getEntries().some(function (entry) {
      return entry.element instanceof HTMLImageElement && entry.element.getAttribute('fetchpriority') === 'high';
    });
    if (!leadImagePainted) return;
    observer.disconnect();
    startPageScripts();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(function () {
    observer.disconnect();
    startPageScripts();
  }, LEAD_IMAGE_PAINT_WAIT_MS);
}
window.addEventListener('load', startPageScriptsOnceLeadImagePainted);
document.addEventListener('DOMContentLoaded', function () { setTimeout(startPageScripts, PAGE_SCRIPTS_LATEST_MS); });
