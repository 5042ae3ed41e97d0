/* The offline support of public/sw.js, on production builds (src/layouts/BaseLayout.astro), once the page has loaded. */
function registerServiceWorker() { navigator.serviceWorker.register('/sw.js'); }
if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerServiceWorker();
  else addEventListener('load', registerServiceWorker);
}
