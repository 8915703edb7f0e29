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
import { useEffect, useRef, useState } from 'react';
import admin from '../../../config/admin';
import type { Path, Schema } from '../../config/schema';
import { fill } from '../format';
import { useEditorEnv, useLocked } from './EditorEnv';
import { Group, SchemaField, type FieldProps } from './fields';
import { emptyValue, fieldId, isRecord, itemTitle, moved, pathKey } from './model';
import { sectionNameOf, sectionTypeLabel } from '../../config/place';

const t = admin.content;

function itemLabel(item: unknown, index: number, itemSchema: Schema<unknown>): string {
  const parts = [fill(t.item, { n: index + 1 })];
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
    <Box id={id} tabIndex={-1} sx={{ border: 1, borderColor: problems > 0 ? 'error.main' : 'divider', borderRadius: 2, p: { xs: 1.25, sm: 2 }, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 600, fontSize: "1rem" }}>
          {fill(t.item, { n: index + 1 })} · {name}
          {isRecord(item) && item.hidden === true ? ` (${t.sectionHidden})` : ''}
        </Typography>
        {title && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{title}</Typography>}
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

export function ListEditor({ schema, value, onChange, path, label }: FieldProps) {
  const env = useEditorEnv();
  const meta = schema.meta.kind === 'list' ? schema.meta : undefined;
  const itemSchema = meta?.item ?? schema;
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  // No item added, removed or moved: the data contract's lists, and a list only an owner changes (or inside a group so marked) for an editor.
  const locked = useLocked(schema);
  const listId = fieldId(env.file, path);
  const variants = itemSchema.meta.kind === 'union' ? Object.keys(itemSchema.meta.variants) : [];
  const [newType, setNewType] = useState(variants[0] ?? '');
  const focusNext = useRef<string>(undefined);
  // A file's sections, when the screen opens each on its own: an outline of them, one line each.
  const outline = env.openSection !== undefined && itemSchema.meta.kind === 'union' && path.length === 1;

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = undefined;
  });

  const controlId = (index: number, what: string) => `${listId}-${index}-${what}`;
  const canRemove = meta?.min === undefined || items.length > meta.min;
  const canAdd = meta?.max === undefined || items.length < meta.max;

  const add = () => {
    const facts = { formIds: env.formIds };
    const item = itemSchema.meta.kind === 'union' ? emptyValue(itemSchema.meta.variants[newType]!, facts) : emptyValue(itemSchema, facts);
    onChange([...items, item]);
    focusNext.current = fieldId(env.file, [...path, items.length]);
    env.announce(fill(t.added, { name: label, n: items.length + 1 }));
  };
  const remove = (index: number) => {
    onChange(items.filter((_, i) => i !== index));
    const next = Math.min(index, items.length - 2);
    focusNext.current = next >= 0 ? fieldId(env.file, [...path, next]) : `${listId}-add`;
    env.announce(fill(t.removed, { name: label, n: index + 1 }));
  };
  const move = (index: number, to: number, what: 'up' | 'down') => {
    onChange(moved(items, index, to));
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
            ) : (
              <SchemaField
                schema={itemSchema}
                value={item}
                onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
                path={[...path, index]}
                label={itemLabel(item, index, itemSchema)}
              />
            )}
            {!locked && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', '& .MuiButton-root': { px: 1.25 } }} role="group" aria-label={itemLabel(item, index, itemSchema)}>
                <Button id={controlId(index, 'up')} size="small" disabled={index === 0} onClick={() => move(index, index - 1, 'up')}>
                  {t.moveUp}
                </Button>
                <Button id={controlId(index, 'down')} size="small" disabled={index === items.length - 1} onClick={() => move(index, index + 1, 'down')}>
                  {t.moveDown}
                </Button>
                <Button id={controlId(index, 'remove')} size="small" color="error" disabled={!canRemove} onClick={() => remove(index)}>
                  {t.remove}
                </Button>
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
              {variants.length > 0 ? t.addSection : fill(t.addNamed, { name: label })}
            </Button>
          </Stack>
        )}
      </Stack>
    </Group>
  );
}
