import { PAGE_META, usePageMeta } from '../meta';

export default function NotFoundPage() {
  usePageMeta(PAGE_META['404']);
  return <h1>404 Page Not Found</h1>;
}
