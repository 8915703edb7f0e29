import Button from '@mui/material/Button';
import type { ActionConfig } from '../../schema/common';
import { Icon } from './icons';
import { linkTarget, NewTabHint } from './SmartLink';

const variants = {
  primary: { variant: 'contained', color: 'primary' },
  secondary: { variant: 'outlined', color: 'primary' },
  text: { variant: 'text', color: 'primary' },
} as const;

/** A config action drawn as a button-styled link. `onDark` for coloured bands. */
export function ActionButton({ action, onDark = false, size = 'large' }: { action: ActionConfig; onDark?: boolean; size?: 'medium' | 'large' }) {
  const look = variants[action.variant ?? 'primary'];
  return (
    <Button
      {...look}
      size={size}
      {...(onDark ? { color: 'secondary' as const } : {})}
      {...linkTarget(action)}
      endIcon={action.icon ? undefined : action.variant === 'text' ? <Icon name="arrow" /> : undefined}
      startIcon={action.icon ? <Icon name={action.icon} /> : undefined}
    >
      {action.label}
      <NewTabHint show={action.newTab} />
    </Button>
  );
}
