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
// The header's phone search button opens its dialog through invoker commands (Chromium 135+, Firefox 144+, Safari 26.2+);
// elsewhere the header shows a link to the search page instead (src/components/layout/Header.astro).
if ('commandForElement' in HTMLButtonElement.prototype) document.documentElement.classList.add('invokers');
