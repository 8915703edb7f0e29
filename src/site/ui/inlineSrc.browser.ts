/**
 * inlineSrc in a browser build (the content editor's preview draws the site's header there): no
 * public/ folder to read, so every address stays as it is and the browser fetches the picture.
 * vite.admin.config.ts puts this file in place of inlineSrc.ts.
 */
export function inlineSrc(src: string): string {
  return src;
}
