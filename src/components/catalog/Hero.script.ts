/** The script of Hero.astro, started by ../layout/page-scripts.ts. */
import { HERO_INTERVAL_MS } from '../../lib/catalog/client/constants.ts';

export function startHero(): void {
  for (const hero of document.querySelectorAll<HTMLElement>('[data-hero]')) {
    const slides = [...hero.querySelectorAll<HTMLElement>('[data-hero-slide]')];
    const dots = [...hero.querySelectorAll<HTMLButtonElement>('[data-hero-dot]')];
    let current = 0;
    let paused = false;
    const show = (index: number) => {
      current = (index + slides.length) % slides.length;
      slides.forEach((slide, i) => (slide.hidden = i !== current));
      dots.forEach((dot, i) => dot.setAttribute('aria-pressed', String(i === current)));
    };
    dots.forEach((dot, i) => dot.addEventListener('click', () => show(i)));
    hero.addEventListener('mouseenter', () => (paused = true));
    hero.addEventListener('mouseleave', () => (paused = false));
    hero.addEventListener('focusin', () => (paused = true));
    hero.addEventListener('focusout', () => (paused = false));
    if (slides.length > 1) setInterval(() => { if (!paused) show(current + 1); }, HERO_INTERVAL_MS);
  }
}
