/** The menu's links on small screens, behind the toggle (MenuToggle): the links themselves are a static slot. */
import styled from '@emotion/styled';
import { useSyncExternalStore } from 'react';
import { Collapse } from '../Collapse';
import type { IslandComponentProps } from '../islandProps';
import { Slot } from '../Slot';
import { up } from '../tokens';
import { menuState } from './menuState';

const Panel = styled(Collapse)({ [up('lg')]: { display: 'none' } });

export default function MenuPanel({ slots }: IslandComponentProps<object>) {
  const open = useSyncExternalStore(menuState.subscribe, menuState.get, () => false);
  return (
    <Panel open={open}>
      <Slot name="links" slots={slots} />
    </Panel>
  );
}
