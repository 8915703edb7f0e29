/**
 * The one generic form of the content editor: walks a schema and a value and draws a field editor
 * for each key by its kind (fields.tsx), with the checker's sentence on the field it is about.
 * `at` draws one part of a file (config/site.ts's footer); changes come back as the whole file.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Path, Schema } from '../../schema/schema';
import type { ContentProblem } from '../model/contentApi';
import type { AdminRole } from '../../platform/roles';
import { ScreenReaderText } from '../../site/ui/ScreenReaderText';
import { EditorEnvContext, problemsByPath, type EditorEnv, type Question, type SitePage } from './EditorEnv';
import { ObjectFields, SchemaField } from './fields';
import { getAt, isRecord, labelOf, pathKey, setAt } from './schemaValues';

export interface SchemaFormProps {
  file: string;
  /** The signed-in account's role: what only an owner changes is read-only to an editor. */
  role: AdminRole;
  /** The schema of the whole file. */
  schema: Schema<unknown>;
  /** The whole file's value. */
  value: unknown;
  onChange(value: unknown): void;
  /** The part of the file drawn (default: all of it). */
  at?: Path;
  /** The checker's problems with this file, in the office's words (src/content/model/officeSentences.ts). */
  problems: readonly ContentProblem[];
  pages: readonly SitePage[];
  formIds: readonly string[];
  formNames?: EditorEnv['formNames'];
  uploadImage: EditorEnv['uploadImage'];
  /** The name of the part drawn (default: made from its key). */
  label?: string;
  /** Draws the file's sections as an outline, each opened at this address (EditorEnv.openSection). */
  openSection?: EditorEnv['openSection'];
  /** The key paths of the values the file works out in its code (ContentFile.fromCode): read-only. */
  fromCode?: readonly Path[];
}

function schemaAt(schema: Schema<unknown>, path: Path): Schema<unknown> {
  let current = schema;
  for (const part of path) {
    const meta = current.meta;
    if (meta.kind === 'object' || meta.kind === 'image') current = meta.shape[String(part)] ?? current;
    else if (meta.kind === 'list') current = meta.item;
    else if (meta.kind === 'record') current = meta.value;
  }
  return current;
}

export function SchemaForm({
  file,
  role,
  schema,
  value,
  onChange,
  at = [],
  problems,
  pages,
  formIds,
  formNames,
  uploadImage,
  openSection,
  label,
  fromCode,
}: SchemaFormProps) {
  const [announcement, setAnnouncement] = useState('');
  // The same words twice in a row are said again: the region is emptied first.
  const announce = useCallback((message: string) => {
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }, []);
  const fields = isRecord(value) && Array.isArray(value.fields) ? value.fields : undefined;
  const questions = useMemo(
    () =>
      fields?.flatMap((f: unknown, at: number): Question[] =>
        isRecord(f) && typeof f.name === 'string'
          ? [
              {
                name: f.name,
                label: typeof f.label === 'string' ? f.label : f.name,
                at,
                ...(typeof f.kind === 'string' ? { kind: f.kind } : {}),
                options: (Array.isArray(f.options) ? f.options : []).flatMap((o: unknown) =>
                  isRecord(o) && typeof o.value === 'string' ? [{ value: o.value, label: typeof o.label === 'string' ? o.label : o.value }] : [],
                ),
                ...(isRecord(f.showWhen) && typeof f.showWhen.field === 'string' ? { condition: f.showWhen.field } : {}),
              },
            ]
          : [],
      ),
    [fields],
  );
  const env = useMemo<EditorEnv>(
    () => ({
      file,
      root: at,
      role,
      problems: problemsByPath(problems),
      pages,
      formIds,
      ...(formNames ? { formNames } : {}),
      ...(questions ? { questions } : {}),
      announce,
      uploadImage,
      ...(openSection ? { openSection } : {}),
      ...(fromCode && fromCode.length > 0 ? { fromCode: new Set(fromCode.map(pathKey)) } : {}),
    }),
    [file, at.join('/'), role, problems, pages, formIds, formNames, questions, announce, uploadImage, openSection, fromCode], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const part = schemaAt(schema, at);
  const change = (next: unknown) => onChange(setAt(value, at, next));
  const partValue = getAt(value, at);
  return (
    <EditorEnvContext.Provider value={env}>
      {part.meta.kind === 'object' && at.length === 0 ? (
        <ObjectFields shape={part.meta.shape} value={partValue} onChange={change} path={at} />
      ) : (
        <SchemaField schema={part} value={partValue} onChange={change} path={at} label={label ?? labelOf(at[at.length - 1] ?? file, part)} />
      )}
      <ScreenReaderText live>{announcement}</ScreenReaderText>
    </EditorEnvContext.Provider>
  );
}
