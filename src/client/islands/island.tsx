import type { ComponentType, LazyExoticComponent } from 'react';
import type { IslandName } from './names';

/**
 * A part of a server-rendered public page that the browser hydrates on its own (see loader.ts):
 * the wrapper carries the island's name and its props as JSON, so the island needs no router,
 * query cache or page state. `display: contents` keeps the wrapper out of the layout. Inside the
 * app (/book, /dashboard...) it renders its component like any other.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P> | LazyExoticComponent<ComponentType<P>>;
  props: P;
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
