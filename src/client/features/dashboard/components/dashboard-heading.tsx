import type { ReactNode } from 'react';
import { pageHeadingClass } from './styles';

/** A dashboard page's heading and the sentence under it. */
export function DashboardHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className={pageHeadingClass}>{title}</h1>
      <p className="mt-1 text-neutral-700">{children}</p>
    </div>
  );
}
