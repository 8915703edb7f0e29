/**
 * The rich-text box's document and the article's blocks: blocks -> Lexical -> blocks gives the
 * same blocks (bold, italic, links, lists, quotes, pictures, headings), and what the box holds
 * that the blocks cannot say (empty paragraphs, spaces at the ends) is left out. Lexical runs
 * here as in the browser, without a page (an editor with no root element).
 */
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor } from 'lexical';
import type { ArticleBlock } from '../../../site/model/articleSchema';
import { $blocksOf, $fillFromBlocks } from './blocks';
import { PictureNode } from './PictureNode';

function editorWith(blocks: unknown) {
  const editor = createEditor({
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, PictureNode],
    onError: (e) => {
      throw e;
    },
  });
  editor.update(() => $fillFromBlocks(blocks), { discrete: true });
  return editor;
}
const blocksOf = (editor: ReturnType<typeof createEditor>) => editor.getEditorState().read(() => $blocksOf());

const every: ArticleBlock[] = [
  { type: 'heading', level: 2, text: 'A heading' },
  {
    type: 'paragraph',
    content: [
      { text: 'Plain, ' },
      { text: 'bold', bold: true },
      { text: ', ' },
      { text: 'both', bold: true, italic: true },
      { text: ' and ' },
      { text: 'a link', href: '/Contact' },
      { text: '.' },
    ],
  },
  { type: 'heading', level: 3, text: 'A subheading' },
  { type: 'list', items: [[{ text: 'one' }], [{ text: 'two', italic: true }]] },
  { type: 'list', ordered: true, items: [[{ text: 'first' }]] },
  { type: 'quote', content: [{ text: 'Well said.' }] },
  { type: 'picture', image: { src: '/images/uploads/a.webp', alt: 'A picture', width: 800, height: 450 } },
  { type: 'link', text: 'Another site', href: 'https://example.org/' },
];

test('blocks -> the box -> blocks: the same blocks', () => {
  expect(blocksOf(editorWith(every))).toEqual(every);
});

test('text typed in the box: empty paragraphs left out, the ends of a paragraph trimmed, markup stays text', () => {
  const editor = editorWith([]);
  editor.update(
    () => {
      const root = $getRoot();
      root.clear();
      const empty = $createParagraphNode();
      const typed = $createParagraphNode().append($createTextNode('  <b>not bold</b> & <script>x</script>  '));
      root.append(empty, typed, $createParagraphNode().append($createTextNode('   ')));
    },
    { discrete: true },
  );
  expect(blocksOf(editor)).toEqual([{ type: 'paragraph', content: [{ text: '<b>not bold</b> & <script>x</script>' }] }]);
});

test('an empty article opens as one empty paragraph and gives no blocks', () => {
  const editor = editorWith([]);
  expect(editor.getEditorState().read(() => $getRoot().getChildrenSize())).toBe(1);
  expect(blocksOf(editor)).toEqual([]);
});
