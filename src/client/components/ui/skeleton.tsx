/** A grey placeholder block for content that is loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-neutral-200 ${className}`} />;
}
