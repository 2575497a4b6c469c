import { useEffect, useState } from 'react';

/** True once the page has scrolled more than `threshold` px; false in the server-rendered HTML. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/** True once more than `fraction` of the scrollable height has been scrolled. */
export function useScrolledFraction(fraction: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      setPast(scrollable > 0 && window.scrollY / scrollable > fraction);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [fraction]);
  return past;
}
