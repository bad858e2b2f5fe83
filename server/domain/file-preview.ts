// The bytes of a file for the in-page viewer (docs/features.md "File preview"): served only for the types of
// the preview table (contract/preview.ts), with the table's Content-Type, and only when the first bytes are
// what that type starts with; a text file is served as text/plain whatever it holds (nosniff keeps the
// browser from guessing).
import { badRequest } from './errors';
import { previewTypeOf, PREVIEW_STRINGS, type PreviewType } from '../../contract/preview';

const starts = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** What the first bytes of each kind must be (a PDF may have junk before its header: the spec allows 1 KB). */
const MAGIC: Record<string, (head: Uint8Array) => boolean> = {
  'application/pdf': (h) => {
    const sig = ascii('%PDF-');
    for (let i = 0; i + sig.length <= Math.min(h.length, 1024); i++) if (starts(h, sig, i)) return true;
    return false;
  },
  // A .docx is a zip (local file header).
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (h) =>
    starts(h, [0x50, 0x4b, 3, 4]),
  'image/jpeg': (h) => starts(h, [0xff, 0xd8, 0xff]),
  'image/png': (h) => starts(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (h) => starts(h, ascii('GIF87a')) || starts(h, ascii('GIF89a')),
  'image/webp': (h) => starts(h, ascii('RIFF')) && starts(h, ascii('WEBP'), 8),
};

/** Bytes read before deciding (enough for every signature above). */
const HEAD_BYTES = 1024;

/** The preview type of a file by its name, or a 400 naming why there is no preview. */
export function previewTypeFor(name: string): PreviewType {
  const type = previewTypeOf(name);
  if (!type) throw badRequest(PREVIEW_STRINGS.notPreviewable);
  return type;
}

/**
 * Reads the stream's first bytes, checks them against the type, and gives back a stream of the whole file
 * (those bytes first, then the rest as it comes). A mismatch is a 400 and the source is cancelled.
 */
export async function checkedStream(type: PreviewType, source: ReadableStream<Uint8Array>) {
  const reader = source.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < HEAD_BYTES) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    head.set(c, at);
    at += c.length;
  }
  const magic = MAGIC[type.mime.split(';')[0]!];
  if (magic && !magic(head)) {
    await reader.cancel().catch(() => {});
    throw badRequest(PREVIEW_STRINGS.mismatch);
  }
  let sentHead = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        if (head.length) controller.enqueue(head);
        if (done) controller.close();
        return;
      }
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The answer's own headers: the table's type, no sniffing, and a sandbox CSP so that the bytes, even if opened
 * as a page, run nothing and reach nothing as our origin. Saved, not shown, when a browser navigates to it.
 */
export const PREVIEW_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";
