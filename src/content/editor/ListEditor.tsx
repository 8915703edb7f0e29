/**
 * A list: each item drawn by its own schema's editor, with Move up, Move down and Remove, and an
 * Add at the end (for sections: of any registered type, with its empty value). Every change is
 * said to screen readers, and the keyboard stays on the item it moved.
 * A list that is part of the data contract (a form's fields, its checks) keeps its items and
 * their order: what is inside them may still be edited.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import admin from '../../../config/admin';
import type { Path, Schema } from '../../schema/schema';
import { fill } from '../../platform/inbox/format';
import { useEditorEnv, useLocked, useProblemsWithin } from './EditorEnv';
import { Group, type FieldEditor, type FieldProps } from './fieldFrame';
import { emptyValue, fieldId, isRecord, itemTitle, moved, pathKey } from './schemaValues';
import { addItemLabel, keyOf, numberedItem, sectionNameOf, sectionTypeLabel } from '../model/officeSentences';

const t = admin.content;

/** An item of the list at `path`: by its kind and place ("Card 2"), its section kind, its title, whether it is hidden. */
function itemLabel(item: unknown, index: number, itemSchema: Schema<unknown>, path: Path): string {
  const parts = [numberedItem(keyOf(path), index)];
  if (itemSchema.meta.kind === 'union' && isRecord(item) && typeof item.type === 'string') parts.push(sectionTypeLabel(item.type));
  const title = itemTitle(item, itemSchema);
  if (title) parts.push(title);
  if (isRecord(item) && item.hidden === true) parts.push(`(${t.sectionHidden})`);
  return parts.join(' · ');
}

/**
 * One section of a long page in its outline: its name (its kind, numbered when the page has two),
 * its heading, whether it is hidden, how many problems it has, and the way to open it on its own.
 */
function OutlineRow({ items, index, path, itemSchema, to }: { items: readonly unknown[]; index: number; path: Path; itemSchema: Schema<unknown>; to: string }) {
  const env = useEditorEnv();
  const item = items[index];
  const name = sectionNameOf(items, index);
  const title = itemTitle(item, itemSchema);
  const prefix = pathKey([...path, index]).slice(0, -1);
  const problems = [...env.problems].filter(([key]) => key === `${prefix}]` || key.startsWith(`${prefix},`)).reduce((sum, [, list]) => sum + list.length, 0);
  const id = fieldId(env.file, [...path, index]);
  return (
    <Box
      id={id}
      tabIndex={-1}
      sx={{
        border: 1,
        borderColor: problems > 0 ? 'error.main' : 'divider',
        borderRadius: 2,
        p: { xs: 1.25, sm: 2 },
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
      }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {numberedItem(keyOf(path), index)} · {name}
          {isRecord(item) && item.hidden === true ? ` (${t.sectionHidden})` : ''}
        </Typography>
        {title && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        )}
        {problems > 0 && (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {problems === 1 ? t.sectionProblemsOne : fill(t.sectionProblems, { count: problems })}
          </Typography>
        )}
      </Box>
      <Button component={RouterLink} to={to} variant="outlined" aria-label={fill(t.openSectionNamed, { name })}>
        {t.openSection}
      </Button>
    </Box>
  );
}

/**
 * An item of a list inside another list's item (a footer column's links, a form field's options),
 * closed to one line (its name, and how many problems it has) until opened: the screen opens one
 * level at a time. Open, it is drawn as any item; the line keeps the item's id while closed (the
 * keyboard comes back to it, a problem's link finds it).
 */
function ClosedItem({ id, name, problems, toggle }: { id: string; name: string; problems: number; toggle: ReactNode }) {
  return (
    <Box
      id={id}
      tabIndex={-1}
      sx={{
        border: 1,
        borderColor: problems > 0 ? 'error.main' : 'divider',
        borderRadius: 2,
        px: { xs: 1.25, sm: 2 },
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
      }}
    >
      <Box sx={{ flex: '1 1 8rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        {problems > 0 && (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {problems === 1 ? t.sectionProblemsOne : fill(t.sectionProblems, { count: problems })}
          </Typography>
        )}
      </Box>
      {toggle}
    </Box>
  );
}

/** An arrow drawn in a Move button (its name is the button's aria-label). */
const Arrow = ({ up = false }: { up?: boolean }) => (
  <Box component="span" aria-hidden="true" sx={{ fontSize: '1rem', lineHeight: 1 }}>
    {up ? '\u2191' : '\u2193'}
  </Box>
);

/** Whether an item is drawn closed: a group (not a text) in a list that is inside another list's item, below the part the screen draws. */
function opensApart(path: Path, root: Path, itemSchema: Schema<unknown>): boolean {
  return ['object', 'image', 'union'].includes(itemSchema.meta.kind) && path.slice(root.length).some((part) => typeof part === 'number');
}

/** The problems inside an item, for the line of an item drawn closed. */
function ItemProblems({ path, children }: { path: Path; children: (problems: number) => ReactNode }) {
  return <>{children(useProblemsWithin(path))}</>;
}

/**
 * Where the keyboard goes after a change of the list (`focusNext`: an element's id), and, after a
 * move, the moved item kept where it was in the window (`keepAt`: the id of its button pressed and
 * where that button was), so that the pointer that pressed it is over it still.
 */
function useFocusAfterChange() {
  const focusNext = useRef<string>(undefined);
  const keepAt = useRef<{ id: string; top: number }>(undefined);
  useEffect(() => {
    const kept = keepAt.current;
    keepAt.current = undefined;
    if (kept) {
      const now = document.getElementById(kept.id)?.getBoundingClientRect().top;
      if (now !== undefined) window.scrollBy({ top: now - kept.top, behavior: 'instant' });
    }
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus({ preventScroll: kept !== undefined });
    focusNext.current = undefined;
  });
  return { focusNext, keepAt };
}

/** An item's Move up, Move down and Remove, named with the item (`name`); inside another list's item, the moves are arrows. */
function ItemButtons({
  index,
  count,
  name,
  arrows,
  canRemove,
  controlId,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  name: string;
  arrows: boolean;
  canRemove: boolean;
  controlId(index: number, what: string): string;
  onMove(to: number, what: 'up' | 'down', button: HTMLElement): void;
  onRemove(): void;
}) {
  const up = fill(t.moveUpNamed, { name });
  const down = fill(t.moveDownNamed, { name });
  // Arrows are named by their words.
  const named = (words: string) => (arrows ? { 'aria-label': words, title: words } : {});
  return (
    <>
      <Button id={controlId(index, 'up')} size="small" disabled={index === 0} onClick={(e) => onMove(index - 1, 'up', e.currentTarget)} {...named(up)}>
        {arrows ? <Arrow up /> : up}
      </Button>
      <Button
        id={controlId(index, 'down')}
        size="small"
        disabled={index === count - 1}
        onClick={(e) => onMove(index + 1, 'down', e.currentTarget)}
        {...named(down)}
      >
        {arrows ? <Arrow /> : down}
      </Button>
      <Button id={controlId(index, 'remove')} size="small" color="error" disabled={!canRemove} onClick={onRemove}>
        {fill(t.removeNamed, { name })}
      </Button>
    </>
  );
}

export function ListEditor({ schema, value, onChange, path, label, Field }: FieldProps & { Field: FieldEditor }) {
  const env = useEditorEnv();
  const meta = schema.meta.kind === 'list' ? schema.meta : undefined;
  const itemSchema = meta?.item ?? schema;
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  // No item added, removed or moved: the data contract's lists, and a list only an owner changes (or inside a group so marked) for an editor.
  const locked = useLocked(schema);
  const listId = fieldId(env.file, path);
  const variants = itemSchema.meta.kind === 'union' ? Object.keys(itemSchema.meta.variants) : [];
  const [newType, setNewType] = useState(variants[0] ?? '');
  const { focusNext, keepAt } = useFocusAfterChange();
  // A file's sections, when the screen opens each on its own: an outline of them, one line each.
  const outline = env.openSection !== undefined && itemSchema.meta.kind === 'union' && path.length === 1;
  // A list inside another list's item: its items closed until opened (those with a problem open at first, those added open).
  const apart = !outline && opensApart(path, env.root, itemSchema);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => {
    if (!apart) return new Set();
    const troubled = (i: number) =>
      [...env.problems.keys()].some((key) => key === pathKey([...path, i]) || key.startsWith(`${pathKey([...path, i]).slice(0, -1)},`));
    return new Set(items.map((_, i) => i).filter(troubled));
  });
  const toggle = (index: number) => {
    setOpened((old) => (old.has(index) ? new Set([...old].filter((i) => i !== index)) : new Set([...old, index])));
    // The button moves (from the item's line to its controls, and back): the keyboard goes with it.
    focusNext.current = `${fieldId(env.file, path)}-${index}-open`;
  };
  /** The open items after a change of the list: `at` maps an old place to its new one (undefined: gone). */
  const reopen = (at: (index: number) => number | undefined, also?: number) =>
    setOpened((old) => new Set([...[...old].map(at).filter((i): i is number => i !== undefined), ...(also === undefined ? [] : [also])]));

  const controlId = (index: number, what: string) => `${listId}-${index}-${what}`;
  /** An item in its buttons' names: its title, else its kind and place ("Move 'Our services' down", "Remove Entry 2"). */
  const nameOf = (item: unknown, index: number) => {
    const title = itemTitle(item, itemSchema);
    return title ? `'${title}'` : numberedItem(keyOf(path), index);
  };
  /** An item's Open (in its closed line) or Close (beside Move up, Move down and Remove), named for screen readers with the item's name. */
  const openButton = (item: unknown, index: number) => (
    <Button
      id={controlId(index, 'open')}
      size="small"
      variant="outlined"
      aria-expanded={opened.has(index)}
      aria-label={fill(opened.has(index) ? t.closeItemNamed : t.openItemNamed, { name: itemLabel(item, index, itemSchema, path) })}
      onClick={() => toggle(index)}
    >
      {opened.has(index) ? t.closeItem : t.openItem}
    </Button>
  );
  const canRemove = meta?.min === undefined || items.length > meta.min;
  const canAdd = meta?.max === undefined || items.length < meta.max;

  const add = () => {
    const facts = { formIds: env.formIds };
    const item = itemSchema.meta.kind === 'union' ? emptyValue(itemSchema.meta.variants[newType]!, facts) : emptyValue(itemSchema, facts);
    onChange([...items, item]);
    if (apart) reopen((i) => i, items.length);
    focusNext.current = fieldId(env.file, [...path, items.length]);
    env.announce(fill(t.added, { name: label, n: items.length + 1 }));
  };
  const remove = (index: number) => {
    onChange(items.filter((_, i) => i !== index));
    if (apart) reopen((i) => (i === index ? undefined : i > index ? i - 1 : i));
    const next = Math.min(index, items.length - 2);
    focusNext.current = next >= 0 ? fieldId(env.file, [...path, next]) : `${listId}-add`;
    env.announce(fill(t.removed, { name: label, n: index + 1 }));
  };
  const move = (index: number, to: number, what: 'up' | 'down', button: HTMLElement) => {
    keepAt.current = { id: controlId(to, what), top: button.getBoundingClientRect().top };
    onChange(moved(items, index, to));
    if (apart) reopen((i) => (i === index ? to : i === to ? index : i));
    // The keyboard stays on the same button of the moved item, unless that button is now disabled.
    const edge = (what === 'up' && to === 0) || (what === 'down' && to === items.length - 1);
    focusNext.current = controlId(to, edge ? (what === 'up' ? 'down' : 'up') : what);
    env.announce(fill(t.moved, { name: label, n: to + 1 }));
  };

  return (
    <Group label={label} path={path} schema={schema}>
      <Stack spacing={2}>
        {items.map((item, index) => (
          <Box key={index}>
            {outline ? (
              <OutlineRow items={items} index={index} path={path} itemSchema={itemSchema} to={env.openSection!(index)} />
            ) : apart && !opened.has(index) ? (
              <ItemProblems path={[...path, index]}>
                {(problems) => (
                  <ClosedItem
                    id={fieldId(env.file, [...path, index])}
                    name={itemLabel(item, index, itemSchema, path)}
                    problems={problems}
                    toggle={openButton(item, index)}
                  />
                )}
              </ItemProblems>
            ) : (
              <Field
                schema={itemSchema}
                value={item}
                onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
                path={[...path, index]}
                label={itemLabel(item, index, itemSchema, path)}
              />
            )}
            {(!locked || (apart && opened.has(index))) && (
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ mt: 1, flexWrap: 'wrap', '& .MuiButton-root': { px: 1.25, minWidth: 0 } }}
                role="group"
                aria-label={itemLabel(item, index, itemSchema, path)}
              >
                {apart && opened.has(index) && openButton(item, index)}
                {!locked && (
                  <ItemButtons
                    index={index}
                    count={items.length}
                    name={nameOf(item, index)}
                    arrows={apart}
                    canRemove={canRemove}
                    controlId={controlId}
                    onMove={(to, what, button) => move(index, to, what, button)}
                    onRemove={() => remove(index)}
                  />
                )}
              </Stack>
            )}
          </Box>
        ))}
        {!locked && canAdd && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            {variants.length > 0 && (
              <TextField select size="small" label={t.sectionType} value={newType} onChange={(e) => setNewType(e.target.value)} sx={{ minWidth: 200 }}>
                {variants.map((type) => (
                  <MenuItem key={type} value={type}>
                    {sectionTypeLabel(type)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button id={`${listId}-add`} variant="outlined" onClick={add}>
              {variants.length > 0 ? t.addSection : addItemLabel(keyOf(path), label)}
            </Button>
          </Stack>
        )}
      </Stack>
    </Group>
  );
}
