/**
 * The hero's slideshow, on the server's HTML: no framework, so the home page's first view runs a
 * few lines of DOM code instead of hydrating a component (decision 0019). The same code serves
 * the island (the loader calls it) and the app's rendering of the page (HeroCarousel's effect).
 *
 * It advances every `HERO_INTERVAL_MS` while it plays; it does not play under
 * prefers-reduced-motion (until the visitor presses play) nor while keyboard focus is inside it.
 * Each change of slide restarts the timer.
 */
export const HERO_INTERVAL_MS = 2000;

/** The classes that differ between the shown slide or dot and the others (the markup's too). */
export const HERO_CLASSES = {
  slideOn: 'visible opacity-100',
  slideOff: 'invisible opacity-0',
  dotOn: 'w-7 bg-gold-400',
  dotOff: 'w-2.5 bg-white/40 hover:bg-white/70',
};

function swap(el: Element, on: boolean, onClasses: string, offClasses: string) {
  el.classList.remove(...(on ? offClasses : onClasses).split(' '));
  el.classList.add(...(on ? onClasses : offClasses).split(' '));
}

/** Starts the slideshow of the hero inside `root`; returns what stops it. */
export function startHeroCarousel(root: HTMLElement): () => void {
  const section = root.matches('[data-hero]') ? root : root.querySelector<HTMLElement>('[data-hero]');
  if (!section) return () => undefined;
  const slides = Array.from(section.querySelectorAll<HTMLElement>('[data-slide]'));
  const dots = Array.from(section.querySelectorAll<HTMLElement>('[data-dot]'));
  const toggle = section.querySelector<HTMLElement>('[data-hero-toggle]');
  const live = section.querySelector<HTMLElement>('[data-hero-live]');
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const count = slides.length;

  let index = 0;
  let userPaused: boolean | null = null;
  let focusInside = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const paused = () => userPaused ?? motion.matches;
  const playing = () => !paused() && !focusInside && count > 1;

  function render() {
    slides.forEach((slide, i) => swap(slide, i === index, HERO_CLASSES.slideOn, HERO_CLASSES.slideOff));
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
      const bar = dot.firstElementChild;
      if (bar) swap(bar, i === index, HERO_CLASSES.dotOn, HERO_CLASSES.dotOff);
    });
    if (toggle) {
      toggle.setAttribute('aria-label', paused() ? 'Play slideshow' : 'Pause slideshow');
      toggle.querySelector('[data-icon="play"]')?.classList.toggle('hidden', !paused());
      toggle.querySelector('[data-icon="pause"]')?.classList.toggle('hidden', paused());
    }
    live?.setAttribute('aria-live', playing() ? 'off' : 'polite');
    clearTimeout(timer);
    if (playing()) timer = setTimeout(() => go(index + 1), HERO_INTERVAL_MS);
  }

  function go(i: number) {
    index = ((i % count) + count) % count;
    render();
  }

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest('button');
    if (!button || !section.contains(button)) return;
    if (button === toggle) {
      userPaused = !paused();
      render();
    } else if (button.dataset.heroStep) go(index + Number(button.dataset.heroStep));
    else if (button.dataset.dot !== undefined) go(dots.indexOf(button));
  };
  const onFocusIn = (event: FocusEvent) => {
    // Only keyboard focus pauses: a mouse click on a control should not stop the show for good.
    if ((event.target as Element).matches(':focus-visible')) {
      focusInside = true;
      render();
    }
  };
  const onFocusOut = (event: FocusEvent) => {
    if (!section.contains(event.relatedTarget as Node | null)) {
      focusInside = false;
      render();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    go(index + (event.key === 'ArrowRight' ? 1 : -1));
  };
  section.addEventListener('click', onClick);
  section.addEventListener('focusin', onFocusIn);
  section.addEventListener('focusout', onFocusOut);
  section.addEventListener('keydown', onKeyDown);
  motion.addEventListener('change', render);
  // Focus that arrived before this ran (a keyboard visitor on a slow phone) counts too.
  focusInside = section.contains(document.activeElement) && document.activeElement!.matches(':focus-visible');
  render();

  return () => {
    clearTimeout(timer);
    section.removeEventListener('click', onClick);
    section.removeEventListener('focusin', onFocusIn);
    section.removeEventListener('focusout', onFocusOut);
    section.removeEventListener('keydown', onKeyDown);
    motion.removeEventListener('change', render);
  };
}
