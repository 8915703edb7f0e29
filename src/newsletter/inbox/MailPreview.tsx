/**
 * The newsletter as its readers get it, from the server's own rendering (the preview route: the
 * same code that makes the mail): at a phone's width (375 px), a computer's (1280 px, scrolled
 * sideways on a narrower screen), or its plain-text part. The mail's HTML is drawn in a shadow
 * root, apart from the inbox's styles: parsed with DOMParser (which runs nothing), its body's
 * nodes moved in, saying the mail's language (its <html lang>: a German mail is read as German in
 * the inbox, its texts left in the default language as that one); the inbox's policy still
 * applies (no script, pictures from this site only).
 */
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import admin from '../../../config/admin';
import type { NewsletterPreview } from '../model/newsletterApi';

const t = admin.newsletters;
const PREVIEW_WIDTHS = { phone: 375, wide: 1280 } as const;
/**
 * The height the mail is drawn in (scrolled within it), the same while it is being drawn: the mail
 * arriving a moment after the page never moves Send and the rest of the page under it (a press
 * begun on Send, released once the mail had pushed it down, sent nothing).
 */
const PREVIEW_HEIGHT = '60vh';
type View = 'phone' | 'wide' | 'text';

/** The mail's HTML in a shadow root of `host`: its body's style and its <html lang> on a wrapper, its body's nodes inside. */
function drawMail(host: HTMLElement, html: string): void {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = document.createElement('div');
  body.setAttribute('style', doc.body.getAttribute('style') ?? '');
  if (doc.documentElement.lang) body.lang = doc.documentElement.lang;
  body.append(...[...doc.body.childNodes].map((node) => document.importNode(node, true)));
  root.replaceChildren(body);
}

export function MailPreview({ preview }: { preview: NewsletterPreview | undefined }) {
  const [view, setView] = useState<View>('phone');
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (host.current && preview && !preview.problem && view !== 'text') drawMail(host.current, preview.html);
  }, [preview, view]);
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_event, next: View | null) => next && setView(next)}
        aria-label={t.preview}
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        <ToggleButton value="phone">{t.previewPhone}</ToggleButton>
        <ToggleButton value="wide">{t.previewWide}</ToggleButton>
        <ToggleButton value="text">{t.previewText}</ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t.previewNote}
      </Typography>
      {!preview || preview.problem ? (
        <Typography role="status" sx={{ height: PREVIEW_HEIGHT }}>
          {preview?.problem ?? t.previewLoading}
        </Typography>
      ) : view === 'text' ? (
        <Box
          component="pre"
          data-testid="newsletter-text"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'monospace',
            fontSize: '0.875rem',
            p: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            m: 0,
          }}
        >
          {preview.text}
        </Box>
      ) : (
        // The width of the screen it stands for; a wider one than the inbox's scrolls sideways, a longer one than its height down (a region the keyboard reaches).
        <Box
          tabIndex={0}
          role="region"
          aria-label={view === 'phone' ? t.previewPhone : t.previewWide}
          sx={{ overflow: 'auto', height: PREVIEW_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Box ref={host} data-testid="newsletter-mail" sx={{ width: PREVIEW_WIDTHS[view], maxWidth: 'none' }} />
        </Box>
      )}
    </Box>
  );
}
