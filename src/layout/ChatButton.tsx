import Fab from '@mui/material/Fab';
import site from '../../config/site';
import { linkTarget } from '../ui/SmartLink';
import { Icon } from '../ui/icons';

/** The round chat button that stays in the bottom corner. */
export function ChatButton() {
  return (
    <Fab
      color="primary"
      aria-label={`${site.chat.label} ${site.ui.newTabHint}`}
      {...linkTarget({ href: site.chat.href, newTab: true })}
      sx={{ position: 'fixed', right: { xs: 16, md: 24 }, bottom: { xs: 16, md: 24 }, zIndex: 1200 }}
    >
      <Icon name="whatsapp" />
    </Fab>
  );
}
