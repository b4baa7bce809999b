import type { EditorView } from '@tiptap/pm/view';
import { isInlineImage } from '../attachments';

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Pictures go into the text as data: URLs (the message carries them itself; a link to this
 * server would need a login the recipient does not have). At `pos`, or at the cursor.
 */
export async function insertImages(view: EditorView, files: readonly File[], pos?: number): Promise<void> {
  const image = view.state.schema.nodes.image;
  if (!image) return;
  for (const file of files) {
    const src = await readAsDataUrl(file);
    if (view.isDestroyed) return;
    const node = image.create({ src, alt: file.name });
    const { tr } = view.state;
    if (pos === undefined) tr.replaceSelectionWith(node);
    else tr.insert(Math.min(pos, tr.doc.content.size), node);
    view.dispatch(tr.scrollIntoView());
  }
}

/** Files of a paste or drop split into pictures for the text and files to attach. */
export function splitFiles(files: readonly File[]): { inline: File[]; attach: File[] } {
  const inline = files.filter(isInlineImage);
  return { inline, attach: files.filter((f) => !inline.includes(f)) };
}
