/* src/pages/platforms.astro: hides the prerendered first platform's grid while another ?id is being loaded. */
var wanted = new URLSearchParams(location.search).get('id');
if (wanted && wanted !== document.currentScript.dataset.firstId) document.documentElement.classList.add('platform-pending');
