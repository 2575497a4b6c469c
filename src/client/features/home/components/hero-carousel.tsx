import { useEffect, useRef } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button-styles';
import { HERO_CLASSES, startHeroCarousel } from './hero-carousel-dom';

/** The slides, the third with the owner's years in business. */
const heroSlides = (yearsInBusiness: number | undefined) => [
  {
    title: 'Expert Furniture Assembly',
    text: 'Beds, desks, dining sets, wardrobes and more, built level, square and secure by a pro who does it every day.',
    cta: 'Book Assembly',
    image: '/images/hero-assembly.svg',
  },
  {
    title: 'Professional TV Mounting',
    text: 'TVs, art, mirrors and shelves anchored into studs, brick or concrete, with the cables hidden and the lines dead level.',
    cta: 'Book Mounting',
    image: '/images/hero-tv.svg',
  },
  {
    title: `${yearsInBusiness}+ Years of Excellence`,
    text: 'Hundreds of homes and offices across Santa Monica, West LA and Venice, with free estimates and satisfaction guaranteed.',
    cta: 'Book Your Project',
    image: '/images/hero-excellence.svg',
  },
];

/**
 * The home page's opening: three slides, every 2 s, with dots, arrows, keys and a pause button.
 * The markup shows the first slide playing; the slideshow is DOM code (hero-carousel-dom.ts),
 * which the islands loader starts on the server's HTML without hydrating anything, and this
 * component's effect starts where the app renders the page. The owner's tagline and years come
 * as props.
 */
export function HeroCarousel({ tagline, yearsInBusiness }: { tagline?: string; yearsInBusiness?: number }) {
  const slides = heroSlides(yearsInBusiness);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? startHeroCarousel(ref.current) : undefined), []);

  return (
    <section ref={ref} data-hero="" aria-roledescription="carousel" aria-label="Highlights" className="relative overflow-hidden bg-ink-950 text-white">
      <div aria-hidden="true" className="pointer-events-none absolute -right-32 -top-32 h-96 w-96 rounded-full bg-gold-400/10 blur-3xl" />
      <div className="relative mx-auto max-w-7xl px-4 pb-8 pt-10 sm:px-6 lg:pb-12 lg:pt-16">
        <h1 className="mb-6 max-w-xl text-xs font-semibold uppercase leading-relaxed tracking-[0.2em] text-gold-300">{tagline}</h1>

        <div className="grid" data-hero-live="" aria-live="off">
          {slides.map((slide, i) => (
            <div
              key={slide.title}
              data-slide=""
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className={`grid items-center gap-8 transition-opacity duration-500 [grid-area:1/1] md:grid-cols-2 ${i === 0 ? HERO_CLASSES.slideOn : HERO_CLASSES.slideOff}`}
            >
              <div>
                <h2 className="font-display text-4xl font-bold leading-tight text-white sm:text-5xl lg:text-6xl">{slide.title}</h2>
                <p className="mt-5 max-w-xl text-base text-neutral-300 sm:text-lg">{slide.text}</p>
                <div className="mt-8 flex flex-wrap gap-3">
                  <a href="/book" className={buttonClass('gold', 'lg')}>
                    {slide.cta}
                  </a>
                  <a href="/contact" className={buttonClass('outline-light', 'lg')}>
                    Contact Us
                  </a>
                </div>
              </div>
              <img
                src={slide.image}
                alt=""
                width={560}
                height={420}
                decoding="async"
                fetchPriority={i === 0 ? 'high' : 'low'}
                className="hidden h-auto w-full max-w-xl justify-self-end rounded-2xl border border-gold-400/20 shadow-2xl shadow-black/50 md:block"
              />
            </div>
          ))}
        </div>

        <div className="mt-8 flex items-center gap-2">
          <button
            type="button"
            data-hero-toggle=""
            aria-label="Pause slideshow"
            className="grid h-11 w-11 place-items-center rounded-full border border-white/20 text-gold-300 hover:border-gold-400"
          >
            <Play aria-hidden="true" data-icon="play" className="hidden h-4 w-4" />
            <Pause aria-hidden="true" data-icon="pause" className="h-4 w-4" />
          </button>
          <button type="button" data-hero-step="-1" aria-label="Previous slide" className="grid h-11 w-11 place-items-center rounded-full text-neutral-300 hover:text-gold-300">
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="flex items-center">
            {slides.map((slide, i) => (
              <button key={slide.title} type="button" data-dot="" aria-label={`Show slide ${i + 1}: ${slide.title}`} aria-current={i === 0 ? 'true' : undefined} className="grid h-11 w-8 place-items-center">
                <span aria-hidden="true" className={`block h-2.5 rounded-full transition-all ${i === 0 ? HERO_CLASSES.dotOn : HERO_CLASSES.dotOff}`} />
              </button>
            ))}
          </div>
          <button type="button" data-hero-step="1" aria-label="Next slide" className="grid h-11 w-11 place-items-center rounded-full text-neutral-300 hover:text-gold-300">
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
