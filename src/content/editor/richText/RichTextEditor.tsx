/**
 * The box an article's text is written in: Lexical (a maintained rich-text editor) with a toolbar
 * for what the article's blocks hold (headings, paragraphs, lists, quotes, pictures, links; bold
 * and italic), its document turned into the blocks on every change (blocks.ts). Loaded on its own
 * (React.lazy from fields.tsx), only in the inbox app and only on an article's screen.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { $toggleLink, LinkNode } from '@lexical/link';
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
  type LexicalEditor,
} from 'lexical';
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import admin from '../../../../config/admin';
import type { ArticleBlock } from '../../model/articleSchema';
import { isLinkTarget, withHttps } from './linkTarget';
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
  uploadImage(file: File, width: number, height: number): Promise<{ src: string; width: number; height: number }>;
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


function Toolbar({ uploadImage }: Pick<RichTextEditorProps, 'uploadImage'>) {
  const [editor] = useLexicalComposerContext();
  const marks = useMarks(editor);
  const row = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const width = useWidth(row);
  const [fitting, setFitting] = useState(1);
  // The buttons measured as drawn (in the hidden ruler, every one of them): as many as fit are in the row.
  useLayoutEffect(() => {
    if (width > 0 && ruler.current) setFitting(actionsInRow(width, [...ruler.current.children].map((button) => button.getBoundingClientRect().width)));
  }, [width]);
  const menuId = useId();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [panel, setPanel] = useState<'none' | 'link' | 'picture'>('none');
  const [address, setAddress] = useState('');
  const [alt, setAlt] = useState('');
  const [picture, setPicture] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const saved = useRef<BaseSelection | null>(null);
  // Read inside an update: the selection as the last key left it, even before the editor has drawn it.
  const remember = () => editor.update(() => void (saved.current = $getSelection()?.clone() ?? null), { discrete: true });
  const restoreAnd = (work: () => void) =>
    editor.update(() => {
      if (saved.current) $setSelection(saved.current.clone());
      work();
    });

  const applyLink = (target: string | null) => {
    restoreAnd(() => {
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
    setPanel('none');
    setAddress('');
    editor.focus();
  };

  const insertPicture = async () => {
    if (!picture) return;
    setBusy(true);
    setFailure('');
    try {
      // Drawn at most as wide as the article's text (its own shape kept): the server keeps twice that for sharp screens.
      const natural = await createImageBitmap(picture);
      const width = Math.min(PICTURE_WIDTH_PX, natural.width);
      const height = Math.max(1, Math.round((natural.height * width) / natural.width));
      natural.close();
      const uploaded = await uploadImage(picture, width, height);
      // After the block the cursor was in, never in place of selected text.
      const image = { src: uploaded.src, alt: alt.trim(), width: uploaded.width, height: uploaded.height };
      editor.update(() => {
        const node = $createPictureNode(image);
        const selection = saved.current;
        const at = $isRangeSelection(selection) ? selection.focus.getNode() : null;
        const top = at ? $findMatchingParent(at, (n) => n.getParent() !== null && $isRootOrShadowRoot(n.getParent()!)) : null;
        if (top) top.insertAfter(node);
        else $getRoot().append(node);
      });
      setPanel('none');
      setAlt('');
      setPicture(undefined);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : admin.content.uploadFailed);
    } finally {
      setBusy(false);
    }
  };

  // The actions after Bold and Italic, in the order they are offered: those that fit in the row, then the More menu's.
  const actions: Array<{ label: string; run: () => void }> = [
    {
      label: t.link,
      run: () => {
        remember();
        setPanel(panel === 'link' ? 'none' : 'link');
      },
    },
    { label: t.headingBlock, run: () => setBlocks(editor, 'h2') },
    { label: t.bulleted, run: () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined) },
    {
      label: t.picture,
      run: () => {
        remember();
        setPanel(panel === 'picture' ? 'none' : 'picture');
      },
    },
    { label: t.subheadingBlock, run: () => setBlocks(editor, 'h3') },
    { label: t.numbered, run: () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined) },
    { label: t.quote, run: () => setBlocks(editor, 'quote') },
    { label: t.paragraph, run: () => setBlocks(editor, 'paragraph') },
  ];
  const shown = actions.slice(0, fitting);
  const folded = actions.slice(shown.length);
  // The menu takes the keyboard from the text: the selection is kept, and given back for the action.
  const fromMenu = (run: () => void) => {
    setMenu(null);
    editor.update(() => {
      if (saved.current) $setSelection(saved.current.clone());
    }, { discrete: true });
    editor.focus();
    run();
  };
  const typed = address.trim();
  // An address typed without https:// ("www.example.com") is offered with it; anything else that is no link is said to be none.
  const suggestion = isLinkTarget(typed) ? undefined : withHttps(typed);
  const notALink = typed !== '' && !isLinkTarget(typed) && suggestion === undefined;
  const buttonProps = { size: 'small', variant: 'outlined' } as const;
  return (
    <Box sx={{ position: 'relative' }}>
      {/* Every button, drawn where nobody sees it, to measure them (actionsInRow). */}
      <Stack ref={ruler} aria-hidden="true" direction="row" sx={{ position: 'absolute', visibility: 'hidden', height: 0, overflow: 'hidden', pointerEvents: 'none', '& > *': { flexShrink: 0 } }}>
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
        <ToggleButton size="small" value="bold" selected={marks.bold} onMouseDown={(e) => e.preventDefault()} onChange={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')} sx={{ fontWeight: 700, py: 0.25 }}>
          {t.bold}
        </ToggleButton>
        <ToggleButton size="small" value="italic" selected={marks.italic} onMouseDown={(e) => e.preventDefault()} onChange={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')} sx={{ fontStyle: 'italic', py: 0.25 }}>
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
              remember();
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
      {panel === 'link' && (
        <Stack spacing={1} sx={{ mb: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label={t.linkAddress}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              autoFocus
              error={notALink}
              helperText={notALink ? t.linkNotValid : t.linkHelp}
              spellCheck={false}
              sx={{ flex: 1 }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && isLinkTarget(typed)) {
                  e.preventDefault();
                  applyLink(typed);
                }
              }}
            />
            <Button variant="contained" size="small" disabled={!isLinkTarget(typed)} onClick={() => applyLink(typed)}>
              {t.linkApply}
            </Button>
            <Button size="small" onClick={() => applyLink(null)}>
              {t.linkRemove}
            </Button>
          </Stack>
          {suggestion && (
            <Button size="small" variant="outlined" sx={{ alignSelf: 'flex-start', textTransform: 'none', overflowWrap: 'anywhere' }} onClick={() => setAddress(suggestion)}>
              {fill(t.linkUse, { address: suggestion })}
            </Button>
          )}
        </Stack>
      )}
      {panel === 'picture' && (
        <Stack spacing={1} sx={{ mb: 1 }}>
          <Button component="label" variant="outlined" size="small" sx={{ alignSelf: 'flex-start' }}>
            {picture ? picture.name : t.pictureFile}
            <input hidden type="file" accept="image/*" onChange={(e) => setPicture(e.target.files?.[0])} />
          </Button>
          <TextField size="small" label={t.pictureAlt} value={alt} onChange={(e) => setAlt(e.target.value)} />
          <Button variant="contained" size="small" sx={{ alignSelf: 'flex-start' }} disabled={!picture || alt.trim() === '' || busy} onClick={() => void insertPicture()}>
            {busy ? admin.content.uploading : t.pictureInsert}
          </Button>
          {failure && (
            <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
              {failure}
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}

export default function RichTextEditor({ initial, onChange, label, id, describedBy, invalid, uploadImage }: RichTextEditorProps) {
  const initialConfig = {
    namespace: 'article',
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, PictureNode],
    onError: (error: Error) => {
      throw error;
    },
    editorState: () => $fillFromBlocks(initial),
    theme: { text: { bold: 'rt-bold', italic: 'rt-italic' } },
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <Toolbar uploadImage={uploadImage} />
      <Box
        sx={{
          position: 'relative',
          border: 1,
          borderColor: invalid ? 'error.main' : 'grey.500',
          borderRadius: 1,
          '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 1 },
          '& .rt-bold': { fontWeight: 700 },
          '& .rt-italic': { fontStyle: 'italic' },
          '& [contenteditable]': { minHeight: 240, p: 2, outline: 'none', lineHeight: 1.6 },
          '& h2': { fontSize: '1.4rem', m: '16px 0 8px' },
          '& h3': { fontSize: '1.15rem', m: '12px 0 6px' },
          '& blockquote': { m: '8px 0', pl: 2, borderLeft: 4, borderColor: 'primary.main', fontStyle: 'italic' },
          '& a': { color: 'primary.dark', textDecoration: 'underline' },
          '& p': { m: '0 0 8px' },
        }}
      >
        <RichTextPlugin
          contentEditable={<ContentEditable id={id} aria-label={label} aria-multiline aria-invalid={invalid} {...(describedBy ? { 'aria-describedby': describedBy } : {})} />}
          ErrorBoundary={LexicalErrorBoundary}
        />
      </Box>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isLinkTarget} />
      <OnChangePlugin ignoreSelectionChange onChange={(state) => state.read(() => onChange($blocksOf()))} />
    </LexicalComposer>
  );
}
