/*
 * The mobile app-promotion intro (./MobilePrompt.astro; spec: 3 slides with dot navigation and 'No thanks, continue
 * to website'; shown once per session to mobile agents or viewports under 768 px; skipping is remembered for the
 * session). A classic script inlined right after the dialog, at the top of the body, with its hash in the page's
 * Content-Security-Policy (src/layouts/inline-scripts.ts): it opens the dialog while the page is still being parsed,
 * so the visitor's first paint already shows it. Opened after load, it cost a whole-page style pass (the rest of the
 * page turns inert) and a repaint, 10-40 ms of one task on a desktop CPU on every phone's first page.
 */
(function () {
  var SESSION_KEY = 'mobile-app-prompt';
  var MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini|BlackBerry/i;
  var MOBILE_MAX_WIDTH = 767; // spec: the mobile threshold is a width under 768
  var dialog = document.currentScript.previousElementSibling;
  var slides = dialog.querySelectorAll('[data-slide]');
  var dots = dialog.querySelectorAll('[data-dot]');
  var next = dialog.querySelector('[data-next]');
  var current = 0;
  function remember(value) {
    try { sessionStorage.setItem(SESSION_KEY, value); } catch (error) {}
  }
  function show(index) {
    current = index;
    slides.forEach(function (slide, i) { slide.hidden = i !== index; });
    dots.forEach(function (dot, i) { dot.toggleAttribute('aria-current', i === index); });
    dialog.querySelector('[data-slide-number]').textContent = String(index + 1);
    next.hidden = index === slides.length - 1;
  }
  dots.forEach(function (dot, i) { dot.addEventListener('click', function () { show(i); }); });
  next.addEventListener('click', function () { show(Math.min(current + 1, slides.length - 1)); });
  dialog.querySelector('[data-skip]').addEventListener('click', function (event) {
    event.preventDefault();
    remember('skipped');
    dialog.close();
  });
  dialog.addEventListener('cancel', function () { remember('skipped'); });
  var seen = 'unknown'; // without session storage it could not stay once per session: not shown
  try { seen = sessionStorage.getItem(SESSION_KEY); } catch (error) {}
  // Crawlers and automated browsers are not the audience of an app promotion.
  if (navigator.webdriver || seen !== null) return;
  // The width last, and only when the agent does not say: reading it makes the browser lay out what it has parsed.
  if (!MOBILE_AGENT.test(navigator.userAgent) && window.innerWidth > MOBILE_MAX_WIDTH) return;
  remember('shown');
  dialog.showModal(); // modal: focus moves to Next (autofocus), Tab stays inside, Escape closes
})();
