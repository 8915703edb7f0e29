/**
 * The part of config/server.ts built into the visitors' code (serverSettings.ts). In the visitors'
 * build config/server.ts is only this part, and this is the one module of that code that imports
 * it (src/render/vitePlugins.ts contentOutOfTheCode).
 */
import server from '../../../config/server';
import { serverSettingsOf, type ServerSettings } from './serverSettings';

const settings: ServerSettings = serverSettingsOf(server);
export default settings;
