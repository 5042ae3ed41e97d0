/*
 * src/pages/platforms.astro: another ?id than the prerendered first platform keeps this page's grid out of sight,
 * then goes to that platform's own page, or lets the island load one the build did not know (PlatformBrowser
 * shows it then).
 */
var script = document.currentScript;
var wanted = new URLSearchParams(location.search).get('id');
if (wanted && wanted !== script.dataset.firstId) {
  document.documentElement.classList.add('platform-pending');
  var hrefs = JSON.parse(script.dataset.hrefs || '{}');
  if (Object.prototype.hasOwnProperty.call(hrefs, wanted)) location.replace(hrefs[wanted]);
}
