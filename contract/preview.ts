// Which files the cabinet shows in the page ("Просмотр", docs/features.md "File preview"): one table for the
// SPA (which files get the button, which viewer opens) and the server (the Content-Type it serves the bytes
// with, and the first bytes those must start with). The type is the server's: by the file's extension,
// checked against its content, never the uploader's word.

export type PreviewKind = 'pdf' | 'docx' | 'image' | 'text';

export interface PreviewType {
  kind: PreviewKind;
  /** The Content-Type the preview route answers with. */
  mime: string;
}

export const PREVIEW_TYPES: Readonly<Record<string, PreviewType>> = {
  pdf: { kind: 'pdf', mime: 'application/pdf' },
  docx: { kind: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  jpg: { kind: 'image', mime: 'image/jpeg' },
  jpeg: { kind: 'image', mime: 'image/jpeg' },
  png: { kind: 'image', mime: 'image/png' },
  gif: { kind: 'image', mime: 'image/gif' },
  webp: { kind: 'image', mime: 'image/webp' },
  txt: { kind: 'text', mime: 'text/plain; charset=utf-8' },
};

/** The file's lower-case extension ('' without one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** How a file of this name is previewed, or undefined when it is only downloaded. */
export function previewTypeOf(name: string): PreviewType | undefined {
  return PREVIEW_TYPES[extensionOf(name)];
}

export const PREVIEW_STRINGS = {
  notPreviewable: 'Этот файл нельзя просмотреть в кабинете. Скачайте его.',
  mismatch: 'Содержимое файла не похоже на его тип, поэтому просмотр недоступен. Скачайте файл.',
} as const;
