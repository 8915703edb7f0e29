/** The origins of the map embeds the pages of config/pages show (the pages' frame-src). */
import pages from '../../config/pages';
import { frameOriginsOf } from '../shared/headers';

export async function pageFrameOrigins(): Promise<string[]> {
  return frameOriginsOf(await Promise.all(Object.values(pages).map(async (load) => (await load()).default)));
}
