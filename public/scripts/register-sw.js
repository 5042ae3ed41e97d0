/* The offline support of public/sw.js; loaded by src/layouts/BaseLayout.astro on production builds. */
if ('serviceWorker' in navigator) addEventListener('load', function () { navigator.serviceWorker.register('/sw.js'); });
