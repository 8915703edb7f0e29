/**
 * The list of pages. Each page is loaded only when a visitor opens it.
 * To add a page: create config/pages/<name>.ts, add a line here, and a route in config/routes.ts.
 */
export default {
  home: () => import('./home'),
  about: () => import('./about'),
  product: () => import('./product'),
  services: () => import('./services'),
  blog: () => import('./blog'),
  career: () => import('./career'),
  contact: () => import('./contact'),
  privacy: () => import('./privacy'),
};
