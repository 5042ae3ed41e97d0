/* The offline support of public/sw.js; started after the first paint by src/layouts/early.js on production builds. */
function registerServiceWorker() { navigator.serviceWorker.register('/sw.js'); }
if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerServiceWorker();
  else addEventListener('load', registerServiceWorker);
}
