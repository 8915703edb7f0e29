/**
 * Each article's picture for link previews (Open Graph, Twitter, JSON-LD): 1200×630, made from its
 * cover by the render (sharp; an SVG cover is rasterized), cut to fill the frame from its centre.
 * The file's name holds a hash of the cover's bytes, so a new cover is a new address; a picture an
 * earlier release made from the same cover is linked, not made again.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Article } from '../site/model/articleSchema';
import { SOCIAL_SIZE, socialPictureOf } from '../site/model/articles';

/** Makes (or takes from `earlierClientDir`) the picture of each article whose cover is in `clientDir`; answers their addresses by article id. */
export async function writeSocialPictures(clientDir: string, articles: readonly Article[], earlierClientDir?: string): Promise<Record<string, string>> {
  const pictures: Record<string, string> = {};
  for (const article of articles) {
    const cover = path.join(clientDir, ...article.cover.src.split('/').filter(Boolean));
    if (!cover.startsWith(clientDir + path.sep) || !existsSync(cover)) continue;
    const bytes = readFileSync(cover);
    const hash = createHash('sha256').update(bytes).update(`\0${SOCIAL_SIZE.width}x${SOCIAL_SIZE.height}`).digest('hex').slice(0, 10);
    const address = socialPictureOf(article, hash);
    const file = address.slice(1);
    const target = path.join(clientDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const earlier = earlierClientDir ? path.join(earlierClientDir, file) : undefined;
    if (!existsSync(target)) {
      if (earlier && existsSync(earlier)) {
        try {
          linkSync(earlier, target);
        } catch {
          copyFileSync(earlier, target);
        }
      } else {
        // SVG covers are drawn at a density that gives at least the frame's size before the cut.
        await sharp(bytes, { density: 300 })
          .resize(SOCIAL_SIZE.width, SOCIAL_SIZE.height, { fit: 'cover', position: 'centre', background: '#ffffff' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toFile(target);
      }
    }
    pictures[article.id] = address;
  }
  return pictures;
}
