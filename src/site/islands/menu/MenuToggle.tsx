/** The button that opens and closes the menu on small screens (hidden from the lg breakpoint up, where the links show). */
import styled from '@emotion/styled';
import { useSyncExternalStore } from 'react';
import { SvgIcon } from '../icons';
import type { IslandComponentProps } from '../islandProps';
import { tokens, up } from '../tokens';
import { menuState } from './menuState';

const Button = styled.button({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  padding: 8,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: 'rgba(0, 0, 0, 0.54)',
  cursor: 'pointer',
  transition: `background-color 150ms ${tokens.easing}`,
  '&:hover': { backgroundColor: 'rgba(0, 0, 0, 0.04)' },
  [up('lg')]: { display: 'none' },
});

export default function MenuToggle({ controls, openLabel, closeLabel }: IslandComponentProps<{ controls: string; openLabel: string; closeLabel: string }>) {
  const open = useSyncExternalStore(menuState.subscribe, menuState.get, () => false);
  return (
    <Button type="button" aria-controls={controls} aria-expanded={open} aria-label={open ? closeLabel : openLabel} onClick={() => menuState.set(!open)}>
      <SvgIcon name={open ? 'close' : 'menu'} />
    </Button>
  );
}
