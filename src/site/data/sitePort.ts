/** The site's one data port in the browser (the adapter chosen at build time: src/site/data/select.ts), made when first asked for. */
import type { DataPort } from './port';
import { createDataPort } from './select';

let port: DataPort | undefined;

export function sitePort(): DataPort {
  return (port ??= createDataPort());
}
