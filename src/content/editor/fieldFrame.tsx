/**
 * What every field editor shares (fields.tsx, ListEditor.tsx, ImageField.tsx): its props, the
 * sentences under it, and the named frame around a group of fields.
 */
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import type { ComponentType, ReactNode } from 'react';
import admin from '../../../config/admin';
import { helpOf } from '../model/officeSentences';
import type { Path, Schema } from '../../schema/schema';
import { ownerLocked, useEditorEnv, useProblems } from './EditorEnv';
import { fieldId, pathKey } from './schemaValues';

const t = admin.content;

export interface FieldProps {
  schema: Schema<unknown>;
  value: unknown;
  onChange(value: unknown): void;
  path: Path;
  label: string;
}

/**
 * The sentences under a field: the checker's problems, then the key's help (the schema's, or
 * config/admin.ts content.help), then why it cannot be changed here (a developer's change; only an
 * owner's, said on the box or group so marked), then the text's counter.
 */
export function useHelper(schema: Schema<unknown>, problems: readonly string[], path: Path, counter?: ReactNode): ReactNode {
  const env = useEditorEnv();
  const note = schema.meta.contract
    ? [t.contract]
    : ownerLocked(schema, env) && schema.meta.owner
      ? [t.ownerOnly[schema.meta.owner]]
      : env.fromCode?.has(pathKey(path))
        ? [t.fromCode]
        : [];
  const last = path.at(-1);
  const help = helpOf(typeof last === 'string' ? last : undefined, schema);
  const lines: ReactNode[] = [...problems, ...(help ? [help] : []), ...note, ...(counter ? [counter] : [])];
  if (lines.length === 0) return undefined;
  return lines.map((line, i) => (
    <Box component="span" key={i} sx={{ display: 'block' }}>
      {line}
    </Box>
  ));
}

/** The editor of any schema's kind (fields.tsx SchemaField), given to the editors that draw parts of their own. */
export type FieldEditor = ComponentType<FieldProps>;

/** A frame with a name around a group of fields, with the checker's sentences about the group itself. */
export function Group({ label, path, schema, children }: { label: string; path: Path; schema: Schema<unknown>; children: ReactNode }) {
  const { file } = useEditorEnv();
  const problems = useProblems(path);
  const helper = useHelper(schema, problems, path);
  const id = fieldId(file, path);
  return (
    <Box
      component="fieldset"
      id={id}
      tabIndex={-1}
      aria-describedby={helper ? `${id}-helper` : undefined}
      sx={{
        border: 1,
        borderColor: problems.length ? 'error.main' : 'divider',
        borderRadius: 2,
        p: { xs: 1.25, sm: 2 },
        m: 0,
        minWidth: 0,
        // What follows the name starts below it.
        '& > legend + *': { clear: 'both' },
      }}
    >
      {/* The group's name inside its frame, not on its border: a name that wraps (a long item's, on a phone) stays clear of the line. */}
      <Box component="legend" sx={{ float: 'left', width: '100%', p: 0, mb: 1.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {label}
      </Box>
      {helper && (
        <FormHelperText id={`${id}-helper`} error={problems.length > 0} sx={{ mt: 0, mb: 1.5 }}>
          {helper}
        </FormHelperText>
      )}
      {children}
    </Box>
  );
}
