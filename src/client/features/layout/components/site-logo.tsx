import { useEffect, useRef, useState } from 'react';

/**
 * The logo image linking home, or a text badge when the image cannot load. The image may fail
 * before React hydrates (no onError then), so the effect also checks an already-broken image.
 */
export function SiteLogo({ name, compact, onNavigate }: { name: string; compact: boolean; onNavigate?: () => void }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <a href="/" onClick={onNavigate} className="flex shrink-0 items-center rounded-md" data-testid="site-logo">
      {failed ? (
        <span
          data-testid="logo-badge"
          className={`inline-flex items-center gap-2 rounded-md border border-gold-400 px-2 font-display font-bold text-gold-300 transition-all ${compact ? 'h-8 text-sm' : 'h-10 text-base'}`}
        >
          <span aria-hidden="true" className="grid h-6 w-6 place-items-center rounded bg-gold-400 text-sm text-ink-950">
            {name.charAt(0).toUpperCase()}
          </span>
          {name}
        </span>
      ) : (
        <img
          ref={img}
          src="/images/logo.svg"
          alt={name}
          width={200}
          height={48}
          onError={() => setFailed(true)}
          className={`w-auto transition-all duration-200 ${compact ? 'h-8' : 'h-10'}`}
        />
      )}
    </a>
  );
}
