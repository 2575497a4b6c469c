/**
 * The islands of the public pages: the parts that move, hydrated on their own by the loader
 * (loader.ts) while the rest of the page stays the server's HTML.
 */
export type IslandName =
  | 'header'
  | 'scroll-top'
  | 'hero'
  | 'home-gallery'
  | 'gallery'
  | 'testimonials-carousel'
  | 'testimonials-list'
  | 'testimonials-record'
  | 'contact-form'
  | 'estimate-form';
