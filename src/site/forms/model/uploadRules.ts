import type { FieldConfig } from './formSchema';

type Upload = NonNullable<FieldConfig['upload']>;

/** Why a chosen file cannot be uploaded (its config message), or null when it can. */
export function fileProblem(upload: Upload, file: { name: string; size: number; type: string }): string | null {
  const name = file.name.toLowerCase();
  const typeOk = upload.extensions.some((ext) => name.endsWith(ext.toLowerCase())) && (file.type === '' || upload.mediaTypes.includes(file.type));
  if (!typeOk) return upload.wrongType;
  if (file.size > upload.maxBytes) return upload.tooLarge;
  return null;
}

/** What the first bytes of a file say it is: PDF, or an Office document (DOC: OLE2, DOCX: ZIP). */
export function sniffDocumentType(
  head: Uint8Array,
): 'application/pdf' | 'application/msword' | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' | null {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword';
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return null;
}
