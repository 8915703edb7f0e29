/**
 * An article's blocks (src/site/model/articleSchema.ts) to and from the rich-text editor's document
 * (Lexical): headings, paragraphs, lists, quotes and pictures one for one; a paragraph that is a
 * single link and nothing else is a link block. Text runs keep bold, italic and links. What the
 * editor holds that the blocks cannot (an empty paragraph, a line break) is left out or made a
 * space: the blocks are the truth, and they never hold markup.
 */
import { $createLinkNode, $isLinkNode } from '@lexical/link';
import { $createListItemNode, $createListNode, $isListItemNode, $isListNode } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $isElementNode,
  $isLineBreakNode,
  $isParagraphNode,
  $isTextNode,
  type ElementNode,
  type LexicalNode,
} from 'lexical';
import type { ArticleBlock, InlineRun } from '../../../site/model/articleSchema';
import { $createPictureNode, $isPictureNode } from './PictureNode';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs as Lexical text nodes (and link nodes around the linked ones), appended to `parent`. */
function appendRuns(parent: ElementNode, runs: unknown): void {
  if (!Array.isArray(runs)) return;
  for (const run of runs) {
    if (!isRecord(run) || typeof run.text !== 'string') continue;
    const text = $createTextNode(run.text);
    if (run.bold === true) text.toggleFormat('bold');
    if (run.italic === true) text.toggleFormat('italic');
    if (typeof run.href === 'string' && run.href !== '') {
      const link = $createLinkNode(run.href);
      link.append(text);
      parent.append(link);
    } else parent.append(text);
  }
}

/** Fills the editor's root with the blocks (inside editor.update, or as the editor's first state). */
export function $fillFromBlocks(blocks: unknown): void {
  const root = $getRoot();
  root.clear();
  for (const block of Array.isArray(blocks) ? blocks : []) {
    if (!isRecord(block)) continue;
    switch (block.type) {
      case 'heading': {
        const heading = $createHeadingNode(block.level === 3 ? 'h3' : 'h2');
        heading.append($createTextNode(typeof block.text === 'string' ? block.text : ''));
        root.append(heading);
        break;
      }
      case 'paragraph': {
        const paragraph = $createParagraphNode();
        appendRuns(paragraph, block.content);
        root.append(paragraph);
        break;
      }
      case 'quote': {
        const quote = $createQuoteNode();
        appendRuns(quote, block.content);
        root.append(quote);
        break;
      }
      case 'list': {
        const list = $createListNode(block.ordered === true ? 'number' : 'bullet');
        for (const item of Array.isArray(block.items) ? block.items : []) {
          const li = $createListItemNode();
          appendRuns(li, item);
          list.append(li);
        }
        root.append(list);
        break;
      }
      case 'picture':
        if (isRecord(block.image)) root.append($createPictureNode(block.image as never));
        break;
      case 'link': {
        const paragraph = $createParagraphNode();
        appendRuns(paragraph, [{ text: block.text, href: block.href }]);
        root.append(paragraph);
        break;
      }
      default:
        break;
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

const sameMarks = (a: InlineRun, b: InlineRun) => a.bold === b.bold && a.italic === b.italic && a.href === b.href;

/** The runs of an element's children: text with its marks, links around text; line breaks become spaces. */
function runsOf(element: ElementNode, href?: string): InlineRun[] {
  const runs: InlineRun[] = [];
  const push = (run: InlineRun) => {
    const last = runs[runs.length - 1];
    if (last && sameMarks(last, run)) runs[runs.length - 1] = { ...last, text: last.text + run.text };
    else runs.push(run);
  };
  for (const child of element.getChildren()) {
    if ($isLinkNode(child)) for (const run of runsOf(child, child.getURL())) push(run);
    else if ($isTextNode(child)) {
      push({
        text: child.getTextContent(),
        ...(child.hasFormat('bold') ? { bold: true } : {}),
        ...(child.hasFormat('italic') ? { italic: true } : {}),
        ...(href ? { href } : {}),
      });
    } else if ($isLineBreakNode(child)) push({ text: ' ', ...(href ? { href } : {}) });
    else if ($isElementNode(child)) for (const run of runsOf(child, href)) push(run);
  }
  // A run of spaces only says nothing: left out, and the ends of the text trimmed.
  const kept = runs.filter((run) => run.text.trim() !== '' || (run !== runs[0] && run !== runs[runs.length - 1]));
  if (kept[0]) kept[0] = { ...kept[0], text: kept[0].text.replace(/^\s+/, '') };
  const lastIndex = kept.length - 1;
  if (kept[lastIndex]) kept[lastIndex] = { ...kept[lastIndex]!, text: kept[lastIndex]!.text.replace(/\s+$/, '') };
  return kept.filter((run) => run.text !== '');
}

/** The editor's document as blocks (inside editorState.read). */
export function $blocksOf(): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  for (const node of $getRoot().getChildren() as LexicalNode[]) {
    if ($isHeadingNode(node)) {
      const text = node.getTextContent().trim();
      if (text) blocks.push({ type: 'heading', level: node.getTag() === 'h2' ? 2 : 3, text });
    } else if ($isQuoteNode(node)) {
      const content = runsOf(node);
      if (content.length > 0) blocks.push({ type: 'quote', content });
    } else if ($isListNode(node)) {
      const items = node
        .getChildren()
        .filter($isListItemNode)
        .map((item) => runsOf(item))
        .filter((runs) => runs.length > 0);
      if (items.length > 0) blocks.push({ type: 'list', ...(node.getListType() === 'number' ? { ordered: true } : {}), items });
    } else if ($isPictureNode(node)) {
      blocks.push({ type: 'picture', image: node.getImage() });
    } else if ($isParagraphNode(node)) {
      const content = runsOf(node);
      const only = content.length === 1 ? content[0]! : undefined;
      if (only?.href && !only.bold && !only.italic) blocks.push({ type: 'link', text: only.text, href: only.href });
      else if (content.length > 0) blocks.push({ type: 'paragraph', content });
    }
  }
  return blocks;
}
