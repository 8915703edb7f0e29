/**
 * The box an article's text is written in: Lexical (a maintained rich-text editor) with a toolbar
 * for what the article's blocks hold (headings, paragraphs, lists, quotes, pictures, links; bold
 * and italic), its document turned into the blocks on every change (blocks.ts). Loaded on its own
 * (React.lazy from fields.tsx), only in the inbox app and only on an article's screen.
 */
import { UploadProgress } from '../UploadProgress';
import type { UploadOptions } from '../api';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import type { PopperProps } from '@mui/material/Popper';
import { $isLinkNode, $toggleLink, LinkNode } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $createHeadingNode, $createQuoteNode, HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $findMatchingParent } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $setSelection,
  FORMAT_TEXT_COMMAND,
  type BaseSelection,
  type ElementNode,
  type PointType,
  type LexicalEditor,
} from 'lexical';
import { useEffect, useId, useLayoutEffect, useRef, useState, type HTMLAttributes, type Key, type MouseEvent, type ReactNode, type RefObject } from 'react';
import admin from '../../../../config/admin';
import type { ArticleBlock } from '../../../site/model/articleSchema';
import { isLinkTarget } from './linkTarget';
import type { SitePage } from '../EditorEnv';
import { typedLink } from '../sitePages';
import { fill } from '../../../platform/inbox/format';
import { $blocksOf, $fillFromBlocks } from './blocks';
import { actionsInRow } from './toolbarRow';
import { $createPictureNode, PictureNode } from './PictureNode';

const t = admin.content.articles;

export interface RichTextEditorProps {
  /** The blocks the box starts with (later changes come from the box itself). */
  initial: unknown;
  onChange(blocks: ArticleBlock[]): void;
  /** The box's name and the id of its editable area (the problems list links to it). */
  label: string;
  id: string;
  /** The id of the sentences under the box (the checker's problems). */
  describedBy?: string;
  invalid: boolean;
  uploadImage(file: File, width: number, height: number, options?: UploadOptions): Promise<{ src: string; width: number; height: number }>;
  /** The pages a link may lead to (the link box's list); none given, an address of the site is taken as written. */
  pages?: readonly SitePage[];
}

type BlockKind = 'paragraph' | 'h2' | 'h3' | 'quote';

/** The widest an article's picture is drawn (the text's column on the article's page, CSS pixels). */
const PICTURE_WIDTH_PX = 832;

/** Turns the top-level blocks the selection touches into `kind` (their text kept). */
function setBlocks(editor: LexicalEditor, kind: BlockKind) {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const tops = new Set<ElementNode>();
    for (const node of selection.getNodes()) {
      const top = $findMatchingParent(node, (n) => n.getParent() !== null && $isRootOrShadowRoot(n.getParent()!)) as ElementNode | null;
      if (top && 'getChildren' in top) tops.add(top);
    }
    for (const top of tops) {
      const next = kind === 'paragraph' ? $createParagraphNode() : kind === 'quote' ? $createQuoteNode() : $createHeadingNode(kind);
      next.append(...top.getChildren());
      top.replace(next);
      next.select();
    }
  });
}

/** The state of the toolbar's toggles at the selection. */
function useMarks(editor: LexicalEditor) {
  const [marks, setMarks] = useState({ bold: false, italic: false });
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) =>
        editorState.read(() => {
          const selection = $getSelection();
          if ($isRangeSelection(selection)) setMarks({ bold: selection.hasFormat('bold'), italic: selection.hasFormat('italic') });
        }),
      ),
    [editor],
  );
  return marks;
}

/** The toolbar's width, followed as the window (or the form's column) changes. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  // Measured before the first paint: the row is drawn with the actions that fit from the start.
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    setWidth(target.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The selection in the text, kept while the keyboard is elsewhere (the link's box, the More menu,
 * the picture's panel) and given back for the action.
 */
function useKeptSelection(editor: LexicalEditor) {
  const saved = useRef<BaseSelection | null>(null);
  // Read inside an update: the selection as the last key left it, even before the editor has drawn it.
  const remember = () => editor.update(() => void (saved.current = $getSelection()?.clone() ?? null), { discrete: true });
  const restoreAnd = (work: () => void, options?: { discrete: true }) =>
    editor.update(() => {
      if (saved.current) $setSelection(saved.current.clone());
      work();
    }, options);
  /** The kept selection's words in the page (none: a cursor, or nothing kept). */
  const range = (): Range | null =>
    editor.read(() => {
      const selection = saved.current;
      if (!$isRangeSelection(selection) || selection.isCollapsed()) return null;
      const [start, end] = selection.isBackward() ? [selection.focus, selection.anchor] : [selection.anchor, selection.focus];
      const from = domPoint(editor, start);
      const to = domPoint(editor, end);
      if (!from || !to) return null;
      const words = document.createRange();
      words.setStart(...from);
      words.setEnd(...to);
      return words;
    });
  return { saved, remember, restoreAnd, range };
}

/** A point of the editor's selection as a place in the page: in a text's characters, or among an element's children. */
function domPoint(editor: LexicalEditor, point: PointType): [Node, number] | null {
  const element = editor.getElementByKey(point.key);
  if (!element) return null;
  if (point.type === 'element') return [element, Math.min(point.offset, element.childNodes.length)];
  let text: Node | null = element;
  while (text && text.nodeType !== Node.TEXT_NODE) text = text.firstChild;
  return text ? [text, Math.min(point.offset, text.textContent?.length ?? 0)] : null;
}

/** The name of the mark on the words being linked while the link box has the keyboard (the page's own selection is then in the box). */
const LINKED_WORDS = 'rt-linked-words';

/** While the link box is open, the words it links stay marked as selected (a CSS highlight: nothing is added to the text). */
function useMarkedWords(kept: KeptSelection, marked: boolean) {
  useEffect(() => {
    if (!marked || typeof Highlight === 'undefined' || !('highlights' in CSS)) return;
    const words = kept.range();
    if (!words) return;
    CSS.highlights.set(LINKED_WORDS, new Highlight(words));
    return () => void CSS.highlights.delete(LINKED_WORDS);
  }, [marked]); // eslint-disable-line react-hooks/exhaustive-deps
}

type KeptSelection = ReturnType<typeof useKeptSelection>;

/** The link panel's address, and the link put on (or taken off) the kept selection. */
function useLink(editor: LexicalEditor, kept: KeptSelection, close: () => void) {
  const [address, setAddress] = useState('');
  /** The kept selection is in a link already: it can be removed (no link yet: nothing to remove). */
  const [linked, setLinked] = useState(false);
  /** The panel opened: the box shows the address of the link the kept selection is in (none: empty). */
  const start = () => {
    const url = editor.read(() => {
      const selection = kept.saved.current;
      const node = $isRangeSelection(selection) ? selection.anchor.getNode() : null;
      const around = node ? $findMatchingParent(node, $isLinkNode) : null;
      return $isLinkNode(around) ? around.getURL() : undefined;
    });
    setAddress(url ?? '');
    setLinked(url !== undefined);
  };
  const apply = (target: string | null) => {
    kept.restoreAnd(() => {
      $toggleLink(target);
      // The cursor after the linked words, as the editor goes on writing.
      const selection = $getSelection();
      if ($isRangeSelection(selection)) {
        const end = selection.isBackward() ? selection.anchor : selection.focus;
        const [key, offset, type] = [end.key, end.offset, end.type];
        selection.anchor.set(key, offset, type);
        selection.focus.set(key, offset, type);
      }
    });
    close();
    setAddress('');
    setLinked(false);
    editor.focus();
  };
  return { address, setAddress, linked, apply, start };
}

/** The picture panel's file and text, and the picture uploaded and put after the block the cursor was in. */
function usePicture(editor: LexicalEditor, kept: KeptSelection, uploadImage: RichTextEditorProps['uploadImage'], close: () => void) {
  const [alt, setAlt] = useState('');
  const [picture, setPicture] = useState<File>();
  // How much of the picture has been sent (0 to 1) while it is: undefined when none is.
  const [sent, setSent] = useState<number>();
  const busy = sent !== undefined;
  const [failure, setFailure] = useState('');
  const insert = async () => {
    if (!picture) return;
    setSent(0);
    setFailure('');
    try {
      // Drawn at most as wide as the article's text (its own shape kept): the server keeps twice that for sharp screens.
      const natural = await createImageBitmap(picture);
      const width = Math.min(PICTURE_WIDTH_PX, natural.width);
      const height = Math.max(1, Math.round((natural.height * width) / natural.width));
      natural.close();
      const uploaded = await uploadImage(picture, width, height, { onProgress: setSent });
      // After the block the cursor was in, never in place of selected text.
      const image = { src: uploaded.src, alt: alt.trim(), width: uploaded.width, height: uploaded.height };
      editor.update(() => {
        const node = $createPictureNode(image);
        const selection = kept.saved.current;
        const at = $isRangeSelection(selection) ? selection.focus.getNode() : null;
        const top = at ? $findMatchingParent(at, (n) => n.getParent() !== null && $isRootOrShadowRoot(n.getParent()!)) : null;
        if (top) top.insertAfter(node);
        else $getRoot().append(node);
      });
      close();
      setAlt('');
      setPicture(undefined);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : admin.content.uploadFailed);
    } finally {
      setSent(undefined);
    }
  };
  return { alt, setAlt, picture, setPicture, busy, sent, failure, insert };
}

type Action = { label: string; run: () => void };

const buttonProps = { size: 'small', variant: 'outlined' } as const;

/**
 * The toolbar's row: Bold and Italic, then as many of the actions as fit in its width, the rest in
 * a More menu. Every button is also drawn where nobody sees it, to measure them (actionsInRow).
 */
function ToolbarRow({ editor, actions, kept }: { editor: LexicalEditor; actions: readonly Action[]; kept: KeptSelection }) {
  const marks = useMarks(editor);
  const row = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const width = useWidth(row);
  const [fitting, setFitting] = useState(1);
  // The buttons measured as drawn (in the hidden ruler, every one of them): as many as fit are in the row.
  useLayoutEffect(() => {
    if (width > 0 && ruler.current)
      setFitting(
        actionsInRow(
          width,
          [...ruler.current.children].map((button) => button.getBoundingClientRect().width),
        ),
      );
  }, [width]);
  const menuId = useId();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const shown = actions.slice(0, fitting);
  const folded = actions.slice(shown.length);
  // The menu takes the keyboard from the text: the selection is kept, and given back for the action.
  const fromMenu = (run: () => void) => {
    setMenu(null);
    kept.restoreAnd(() => {}, { discrete: true });
    editor.focus();
    run();
  };
  return (
    <>
      <Stack
        ref={ruler}
        aria-hidden="true"
        direction="row"
        sx={{ position: 'absolute', visibility: 'hidden', height: 0, overflow: 'hidden', pointerEvents: 'none', '& > *': { flexShrink: 0 } }}
      >
        <ToggleButton size="small" value="bold" tabIndex={-1} sx={{ fontWeight: 700, py: 0.25 }}>
          {t.bold}
        </ToggleButton>
        <ToggleButton size="small" value="italic" tabIndex={-1} sx={{ fontStyle: 'italic', py: 0.25 }}>
          {t.italic}
        </ToggleButton>
        {actions.map(({ label }) => (
          <Button key={label} {...buttonProps} tabIndex={-1}>
            {label}
          </Button>
        ))}
        <Button {...buttonProps} tabIndex={-1}>
          {t.more}
          <Box component="span" sx={{ ml: 0.5, fontSize: '0.7rem' }}>
            {'\u25BC'}
          </Box>
        </Button>
      </Stack>
      <Stack ref={row} role="toolbar" aria-label={t.toolbar} direction="row" useFlexGap sx={{ flexWrap: 'nowrap', gap: 1, mb: 1, '& > *': { flexShrink: 0 } }}>
        <ToggleButton
          size="small"
          value="bold"
          selected={marks.bold}
          onMouseDown={(e) => e.preventDefault()}
          onChange={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')}
          sx={{ fontWeight: 700, py: 0.25 }}
        >
          {t.bold}
        </ToggleButton>
        <ToggleButton
          size="small"
          value="italic"
          selected={marks.italic}
          onMouseDown={(e) => e.preventDefault()}
          onChange={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')}
          sx={{ fontStyle: 'italic', py: 0.25 }}
        >
          {t.italic}
        </ToggleButton>
        {shown.map(({ label, run }) => (
          <Button key={label} size="small" variant="outlined" onMouseDown={(e) => e.preventDefault()} onClick={run}>
            {label}
          </Button>
        ))}
        {folded.length > 0 && (
          <Button
            size="small"
            variant="outlined"
            aria-haspopup="menu"
            aria-expanded={menu !== null}
            aria-controls={menu ? menuId : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={(event) => {
              kept.remember();
              setMenu(event.currentTarget);
            }}
          >
            {t.more}
            <Box component="span" aria-hidden="true" sx={{ ml: 0.5, fontSize: '0.7rem' }}>
              {'\u25BC'}
            </Box>
          </Button>
        )}
      </Stack>
      <Menu id={menuId} anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {folded.map(({ label, run }) => (
          <MenuItem key={label} onClick={() => fromMenu(run)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A page in the list of the link box: its title, and its address under it (the words typed are searched in both). */
const pageOption = (props: HTMLAttributes<HTMLLIElement> & { key: Key }, page: SitePage) => {
  const { key, ...rest } = props;
  return (
    <li key={key} {...rest}>
      <Stack>
        <span>{page.label}</span>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {page.path}
        </Typography>
      </Stack>
    </li>
  );
};

/**
 * While the link box's list is open, the words being linked stay in sight. The list is drawn in the
 * page's flow above the text and pushes the words down, past a phone's window: whenever the page's
 * size changes (the list opened, shortened by what is typed, a bar above grew), the page scrolls by
 * as little as shows the words whole again, never so far that the box goes under the bars stuck at
 * the window's top (the page's scroll-padding-top, useKeepClearOf).
 */
function useWordsInSight(words: () => Range | null, box: RefObject<HTMLElement | null>, open: boolean) {
  useLayoutEffect(() => {
    if (!open) return;
    const show = () => {
      const range = words();
      const input = box.current;
      if (!range || !input) return;
      const below = range.getBoundingClientRect().bottom - window.innerHeight;
      const stuck = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      const room = input.getBoundingClientRect().top - stuck;
      if (below > 0 && room > 0) window.scrollBy(0, Math.min(below, room));
    };
    const observer = new ResizeObserver(show);
    observer.observe(document.body);
    show();
    return () => observer.disconnect();
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The link box's list of pages (the Autocomplete's popper slot), drawn in the page's flow where it stands. */
function ListInFlow({ open, children, className, style, role }: PopperProps) {
  if (!open) return null;
  return (
    <Box className={className} style={{ ...style, position: 'static' }} role={role} sx={{ mt: 0.5 }}>
      {children as ReactNode}
    </Box>
  );
}

/**
 * A press on the link panel's buttons leaves the keyboard in the address box. Taken from the box,
 * the list of pages under it would close at the press, the page grow shorter under a window
 * scrolled to its end and move the button from under the pointer: the release would land beside
 * it, and no click be sent.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

const searchPages = createFilterOptions<SitePage>({ stringify: (page) => `${page.label} ${page.path}` });

/**
 * The link's address: a page of the site chosen from the list (searched by its title or its
 * address), or an address typed in full. What is typed is read at once (sitePages.ts typedLink):
 * a page in another case, or without its /, is the page (its true address said under the box and
 * applied); an address of this site that is no page, or words no browser opens, are said to be so
 * under the box, and cannot be applied. https:// is offered where it was left out.
 */
function LinkPanel({ link, pages, words }: { link: ReturnType<typeof useLink>; pages: readonly SitePage[] | undefined; words: () => Range | null }) {
  const { address, setAddress, linked, apply } = link;
  const [open, setOpen] = useState(false);
  const column = useRef<HTMLDivElement>(null);
  useWordsInSight(words, column, open);
  const [highlighted, setHighlighted] = useState(false);
  const typed = typedLink(address, pages);
  // Each page once, at its main address.
  const options = (pages ?? []).filter((p) => p.path === p.canonical);
  // Words without a / that pages' titles hold are a search, not yet an address: nothing is said to be wrong.
  const searching = !address.trim().startsWith('/') && searchPages(options, { inputValue: address.trim(), getOptionLabel: (page) => page.path }).length > 0;
  const target = typed.kind === 'page' || typed.kind === 'address' ? typed.href : undefined;
  const wrong = (typed.kind === 'notAPage' || typed.kind === 'notALink') && !searching;
  const helper =
    typed.kind === 'page'
      ? fill(t.linkToPage, { title: typed.page.label, address: typed.href })
      : !wrong
        ? t.linkHelp
        : typed.kind === 'notAPage'
          ? fill(t.linkNotAPage, { address: address.trim() })
          : t.linkNotValid;
  return (
    <Stack spacing={1} sx={{ mb: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        {/* The list of pages is drawn beside the box in the page's flow: this column holds both. */}
        <Box ref={column} sx={{ flex: 1, minWidth: 0 }}>
          <Autocomplete<SitePage, false, false, true>
            freeSolo
            // The list drawn inside the form (its landmark), not at the end of the page, in the flow under the box:
            // it pushes the text down instead of covering the words being linked.
            disablePortal
            slots={{ popper: ListInFlow }}
            size="small"
            options={options}
            filterOptions={searchPages}
            getOptionLabel={(option) => (typeof option === 'string' ? option : option.path)}
            renderOption={pageOption}
            value={null}
            inputValue={address}
            onInputChange={(_event, value) => setAddress(value)}
            onChange={(_event, option) => option && setAddress(typeof option === 'string' ? option : option.path)}
            open={open}
            onOpen={() => setOpen(true)}
            onClose={() => setOpen(false)}
            onHighlightChange={(_event, option) => setHighlighted(option !== null)}
            noOptionsText={t.linkNoPage}
            onKeyDown={(event) => {
              // Enter applies the link, unless it chooses the page highlighted in the list.
              if (event.key !== 'Enter' || (open && highlighted)) return;
              (event as typeof event & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
              event.preventDefault();
              if (target) apply(target);
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t.linkAddress}
                autoFocus
                error={wrong}
                helperText={helper}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, spellCheck: false } }}
              />
            )}
          />
        </Box>
        {/* A press keeps the keyboard in the box (keepFocus): the list stays until the click is whole. */}
        <Button variant="contained" size="small" disabled={!target} onMouseDown={keepFocus} onClick={() => target && apply(target)}>
          {t.linkApply}
        </Button>
        {/* Only a link there is can be removed. */}
        {linked && (
          <Button size="small" onMouseDown={keepFocus} onClick={() => apply(null)}>
            {t.linkRemove}
          </Button>
        )}
      </Stack>
      {typed.kind === 'withHttps' && (
        <Button
          size="small"
          variant="outlined"
          sx={{ alignSelf: 'flex-start', textTransform: 'none', overflowWrap: 'anywhere' }}
          onClick={() => setAddress(typed.href)}
        >
          {fill(t.linkUse, { address: typed.href })}
        </Button>
      )}
    </Stack>
  );
}

/** The picture's file and its text for people who cannot see it, then Insert. */
function PicturePanel({ picture: { alt, setAlt, picture, setPicture, busy, sent, failure, insert } }: { picture: ReturnType<typeof usePicture> }) {
  return (
    <Stack spacing={1} sx={{ mb: 1 }}>
      <Button component="label" variant="outlined" size="small" sx={{ alignSelf: 'flex-start' }}>
        {picture ? picture.name : t.pictureFile}
        <input hidden type="file" accept="image/*" onChange={(e) => setPicture(e.target.files?.[0])} />
      </Button>
      <TextField size="small" label={t.pictureAlt} value={alt} onChange={(e) => setAlt(e.target.value)} />
      <Button variant="contained" size="small" sx={{ alignSelf: 'flex-start' }} disabled={!picture || alt.trim() === '' || busy} onClick={() => void insert()}>
        {busy ? admin.content.uploading : t.pictureInsert}
      </Button>
      {sent !== undefined && <UploadProgress sent={sent} />}
      {failure && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {failure}
        </Typography>
      )}
    </Stack>
  );
}

/** The toolbar: its row of actions (blocks, formats, the link's and the picture's panels), and the panel open under it. */
function Toolbar({ uploadImage, pages }: Pick<RichTextEditorProps, 'uploadImage' | 'pages'>) {
  const [editor] = useLexicalComposerContext();
  const [panel, setPanel] = useState<'none' | 'link' | 'picture'>('none');
  const kept = useKeptSelection(editor);
  const close = () => setPanel('none');
  const link = useLink(editor, kept, close);
  const picture = usePicture(editor, kept, uploadImage, close);
  useMarkedWords(kept, panel === 'link');
  const toggle = (which: 'link' | 'picture') => {
    kept.remember();
    if (which === 'link' && panel !== 'link') link.start();
    setPanel(panel === which ? 'none' : which);
  };
  // The actions after Bold and Italic, in the order they are offered: those that fit in the row, then the More menu's.
  const actions: Action[] = [
    { label: t.link, run: () => toggle('link') },
    { label: t.headingBlock, run: () => setBlocks(editor, 'h2') },
    { label: t.bulleted, run: () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined) },
    { label: t.picture, run: () => toggle('picture') },
    { label: t.subheadingBlock, run: () => setBlocks(editor, 'h3') },
    { label: t.numbered, run: () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined) },
    { label: t.quote, run: () => setBlocks(editor, 'quote') },
    { label: t.paragraph, run: () => setBlocks(editor, 'paragraph') },
  ];
  return (
    <Box sx={{ position: 'relative' }}>
      <ToolbarRow editor={editor} actions={actions} kept={kept} />
      {panel === 'link' && <LinkPanel link={link} pages={pages} words={kept.range} />}
      {panel === 'picture' && <PicturePanel picture={picture} />}
    </Box>
  );
}

/**
 * The height of the formatting bar (its first child), given to the text as --format-bar-height:
 * the text scrolled into view below the sticky Publish row keeps its formatting bar in view too.
 */
function useFormatBarRoom() {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = frame.current;
    const bar = box?.firstElementChild;
    if (!box || !bar) return;
    const update = () => box.style.setProperty('--format-bar-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    update();
    return () => observer.disconnect();
  }, []);
  return frame;
}

export default function RichTextEditor({ initial, onChange, label, id, describedBy, invalid, uploadImage, pages }: RichTextEditorProps) {
  const initialConfig = {
    namespace: 'article',
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, PictureNode],
    onError: (error: Error) => {
      throw error;
    },
    editorState: () => $fillFromBlocks(initial),
    theme: { text: { bold: 'rt-bold', italic: 'rt-italic' } },
  };
  const frame = useFormatBarRoom();
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <Box ref={frame}>
        <Toolbar uploadImage={uploadImage} pages={pages} />
        <Box
          sx={{
            position: 'relative',
            border: 1,
            borderColor: invalid ? 'error.main' : 'grey.500',
            borderRadius: 1,
            '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 1 },
            '& .rt-bold': { fontWeight: 700 },
            '& .rt-italic': { fontStyle: 'italic' },
            [`& ::highlight(${LINKED_WORDS})`]: { backgroundColor: 'Highlight', color: 'HighlightText' },
            // The text scrolled into view (Tab to it, a problem's link) leaves room above it for its formatting bar.
            '& [contenteditable]': { minHeight: 240, p: 2, outline: 'none', lineHeight: 1.6, scrollMarginTop: 'var(--format-bar-height, 0px)' },
            '& h2': { fontSize: '1.4rem', m: '16px 0 8px' },
            '& h3': { fontSize: '1.15rem', m: '12px 0 6px' },
            '& blockquote': { m: '8px 0', pl: 2, borderLeft: 4, borderColor: 'primary.main', fontStyle: 'italic' },
            '& a': { color: 'primary.dark', textDecoration: 'underline' },
            '& p': { m: '0 0 8px' },
          }}
        >
          <RichTextPlugin
            contentEditable={
              <ContentEditable id={id} aria-label={label} aria-multiline aria-invalid={invalid} {...(describedBy ? { 'aria-describedby': describedBy } : {})} />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </Box>
      </Box>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isLinkTarget} />
      <OnChangePlugin ignoreSelectionChange onChange={(state) => state.read(() => onChange($blocksOf()))} />
    </LexicalComposer>
  );
}
