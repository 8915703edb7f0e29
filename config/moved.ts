/**
 * Addresses that were pages of this site: written by each publish from the content editor
 * (a page renamed leaves { from, to }: a permanent redirect; a page removed leaves its address
 * in gone: 410 Gone). Do not edit: the next publish works it out again.
 */
import type { MovedConfig } from '../src/content/model/movedSchema';

export default { moved: [], gone: [] } satisfies MovedConfig;
