import Fab from '@mui/material/Fab';
import { chatHref } from '../../schema/links';
import { linkTarget } from '../ui/SmartLink';
import { Icon } from '../ui/icons';
import { useSite } from '../ui/siteConfig';

/**
 * The round chat button. It floats in the bottom corner only where the screen leaves a margin
 * beside the page's content wide enough for it (from the xxl breakpoint: the content is at most
 * 1200 px wide, so 100 px and the content's own padding are free on each side): there it never
 * covers a form's field, label or button. On narrower screens it sits at the end of the footer,
 * beside the back-to-top link (e2e/overlap.e2e.ts checks every form at every width).
 */
export function ChatButton() {
  const site = useSite();
  return (
    <Fab
      color="primary"
      aria-label={`${site.chat.label} ${site.ui.newTabHint}`}
      {...linkTarget({ href: chatHref(site, site.chat), newTab: true })}
      sx={(theme) => ({ [theme.breakpoints.up('xxl')]: { position: 'fixed', right: 24, bottom: 24, zIndex: 1200 } })}
    >
      <Icon name="whatsapp" />
    </Fab>
  );
}
