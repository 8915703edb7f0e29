/**
 * An article's body drawn from its blocks (src/site/model/articleSchema.ts): one renderer per kind of
 * block, looked up in a typed registry, and the runs of text inside them. Every text is a React
 * child or an attribute, so it is escaped for its place: nothing an editor wrote becomes markup.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { ArticleBlock, BlockOf, BlockType, InlineRun } from '../../model/articleSchema';
import { Picture } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { SmartLink } from '../../ui/SmartLink';

const isExternal = (href: string) => !href.startsWith('/') || href.startsWith('//');

/** Runs of text: bold, italic, a link, or plain. */
function Runs({ content }: { content: readonly InlineRun[] }) {
  return (
    <>
      {content.map((run, i) => {
        let node: ReactNode = run.text;
        if (run.italic) node = <em>{node}</em>;
        if (run.bold) node = <strong>{node}</strong>;
        if (run.href) {
          node = (
            <SmartLink href={run.href} newTab={isExternal(run.href) && /^https?:/i.test(run.href)} underline="always">
              {node}
            </SmartLink>
          );
        }
        return <span key={i}>{node}</span>;
      })}
    </>
  );
}

const text = { color: 'text.secondary', fontSize: '1.0625rem', lineHeight: 1.75 } as const;

/** How many levels the body's subheadings go down: 1 where the article's own title is an h2 (a list showing it whole), so its h2 are h3. */
const HeadingShift = createContext(0);

/** A subheading: h2 or h3 as written, lower where the article is shown inside a page. */
function Heading({ block }: { block: BlockOf<'heading'> }) {
  const shift = useContext(HeadingShift);
  return (
    <Typography
      variant={block.level === 2 ? 'h2' : 'h3'}
      component={`h${block.level + shift}` as 'h2'}
      sx={{ fontSize: block.level === 2 ? { xs: '1.5rem', md: '1.75rem' } : '1.25rem', mt: 5, mb: 2 }}
    >
      {block.text}
    </Typography>
  );
}

const blockRenderers: { [T in BlockType]: ComponentType<{ block: BlockOf<T> }> } = {
  heading: Heading,
  paragraph: ({ block }) => (
    <Typography sx={{ ...text, mb: 2.5 }}>
      <Runs content={block.content} />
    </Typography>
  ),
  list: ({ block }) => (
    <Box component={block.ordered ? 'ol' : 'ul'} sx={{ ...text, pl: 3.5, mb: 2.5, '& li': { mb: 1 } }}>
      {block.items.map((item, i) => (
        <li key={i}>
          <Runs content={item} />
        </li>
      ))}
    </Box>
  ),
  quote: ({ block }) => (
    <Box component="figure" sx={{ m: 0, mb: 3, pl: 3, borderLeft: 4, borderColor: 'primary.main' }}>
      <Box component="blockquote" sx={{ m: 0, ...text, fontSize: '1.2rem', fontStyle: 'italic', color: 'text.primary' }}>
        <Runs content={block.content} />
      </Box>
      {block.cite && (
        <Typography component="figcaption" variant="body2" sx={{ mt: 1, color: 'text.secondary', fontWeight: 600 }}>
          {block.cite}
        </Typography>
      )}
    </Box>
  ),
  picture: ({ block }) => (
    <Box component="figure" sx={{ m: 0, mb: 3 }}>
      <Picture image={block.image} place={picturePlaces.article} sx={{ borderRadius: 3 }} />
      {block.caption && (
        <Typography component="figcaption" variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {block.caption}
        </Typography>
      )}
    </Box>
  ),
  link: ({ block }) => (
    <Typography sx={{ ...text, mb: 2.5, fontWeight: 600 }}>
      <SmartLink href={block.href} newTab={isExternal(block.href) && /^https?:/i.test(block.href)} underline="always">
        {block.text}
      </SmartLink>
    </Typography>
  ),
};

export function ArticleBody({ blocks, headingShift = 0 }: { blocks: readonly ArticleBlock[]; headingShift?: number }) {
  return (
    <HeadingShift.Provider value={headingShift}>
      {blocks.map((block, i) => {
        // The one place where the block union meets the map: its type guarantees the renderer takes this block.
        const Renderer = blockRenderers[block.type] as ComponentType<{ block: ArticleBlock }>;
        return <Renderer key={i} block={block} />;
      })}
    </HeadingShift.Provider>
  );
}
