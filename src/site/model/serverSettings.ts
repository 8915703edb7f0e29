/**
 * The part of config/server.ts that is built into the visitors' code: what the browser's half of
 * the forms reads of the server's settings (the spam trap's field name, which the Firebase adapter
 * leaves out of a saved document; when a solved puzzle is too close to its end to send). Every
 * other value of config/server.ts (its limits, the inbox's and the newsletter's sentences, the
 * mails' wording) stays on the server: in the visitors' build, config/server.ts is only this part
 * (src/render/vitePlugins.ts contentOutOfTheCode), and a module of the visitors' code reads it
 * from builtServerSettings.ts. A key added here reaches every visitor's browser.
 */
import type server from '../../../config/server';

type Server = typeof server;

export interface ServerSettings {
  spamTrap: Pick<Server['spamTrap'], 'name'>;
  proofOfWork: Pick<Server['proofOfWork'], 'renewSecondsBeforeEnd'>;
}

/** The settings of a server config (the keys above, nothing else). */
export function serverSettingsOf(config: ServerSettings): ServerSettings {
  return {
    spamTrap: { name: config.spamTrap.name },
    proofOfWork: { renewSecondsBeforeEnd: config.proofOfWork.renewSecondsBeforeEnd },
  };
}
