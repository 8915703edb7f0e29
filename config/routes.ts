/**
 * Which page answers which address. `page` is a file in config/pages (without .ts).
 * Any address not listed here shows the `fallback` page.
 */
import type { RoutesConfig } from '../src/site/model/routesSchema';

export default {
  routes: [
    { path: '/', page: 'home', aliases: ['/home', '/Home'] },
    { path: '/About-us', page: 'about', aliases: ['/About-Us'] },
    { path: '/Product', page: 'product' },
    { path: '/Services', page: 'services' },
    { path: '/Blog', page: 'blog' },
    { path: '/Career', page: 'career' },
    { path: '/Contact', page: 'contact', aliases: ['/contact'] },
    { path: '/Privacy', page: 'privacy', aliases: ['/privacy'] },
  ],
  fallback: 'home',
} satisfies RoutesConfig;
