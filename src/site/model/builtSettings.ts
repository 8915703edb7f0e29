/**
 * The settings built into the code (siteSettings.ts): what the islands, the themes and the
 * browser's outbox are styled and timed with. In the visitors' build config/site.ts is only
 * these settings (src/render/vitePlugins.ts contentOutOfTheCode).
 */
import site from '../../../config/site';
import { settingsOf, type SiteSettings } from './siteSettings';

const settings: SiteSettings = settingsOf(site);
export default settings;
