// DOCX converted to HTML by mammoth (its own chunk, loaded on the first DOCX preview), then sanitised by DOMPurify
// before it touches the page (docs/features.md "File preview"): no scripts, styles, forms, frames or event
// handlers; every URL that leaves the document is removed — links keep their text only, and an image stays
// only when its bytes are inside the file (a data: URI), so an external image is never requested.
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';
import { Alert } from '../alert';
import { Spinner } from '../primitives';
import * as s from './preview.css';
import { t } from './strings';

const INLINE_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,/i;

/** The converted HTML, safe to set as the content of a page element. */
export function sanitizeDocxHtml(html: string): string {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.hasAttribute('href') && !node.getAttribute('href')!.startsWith('#'))
      node.removeAttribute('href');
    if (node.hasAttribute('src') && !INLINE_IMAGE.test(node.getAttribute('src')!))
      node.removeAttribute('src');
    if (node.tagName === 'A') node.removeAttribute('target');
  });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'link',
    ],
    FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'background', 'poster', 'ping'],
    ALLOW_DATA_ATTR: false,
  });
}

export default function DocxView({ blob }: { blob: Blob }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [{ default: mammoth }, arrayBuffer] = await Promise.all([
          import('mammoth'),
          blob.arrayBuffer(),
        ]);
        // External images are not fetched: mammoth's external file access is off (its default), and the
        // sanitiser drops any src that is not the file's own bytes.
        const result = await mammoth.convertToHtml({ arrayBuffer }, { externalFileAccess: false });
        if (live) setHtml(sanitizeDocxHtml(result.value));
      } catch (err) {
        if (live) setFailed(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      live = false;
    };
  }, [blob]);
  if (failed)
    return (
      <div className={s.center}>
        <Alert tone="danger">
          {t.failed}: {failed}
        </Alert>
      </div>
    );
  if (html === null)
    return (
      <div className={s.center}>
        <Spinner size={28} label={t.loading} />
      </div>
    );
  if (!html.trim())
    return (
      <div className={s.center}>
        <Alert tone="info">{t.emptyDocx}</Alert>
      </div>
    );
  // Sanitised above (sanitizeDocxHtml).
  return <article className={s.docx} data-testid="preview-docx" dangerouslySetInnerHTML={{ __html: html }} />;
}
