import { parentPort } from 'node:worker_threads';
import { type DocumentPdf, renderDocumentPdf } from './pdf';
import type { PdfJob, PdfJobAnswer } from './pdf-pool';

/** The PDF thread (lib/documents/pdf-pool.ts): renders what it is sent, one document at a time. */
const asBuffer = (bytes: Uint8Array | null | undefined) =>
  bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;

parentPort?.on('message', async ({ id, spec, pageTemplate, marks }: PdfJob) => {
  // Structured cloning hands Buffers over as plain Uint8Arrays; pdfkit wants Buffers.
  const document: DocumentPdf = {
    ...spec,
    letterhead: { ...spec.letterhead, logo: asBuffer(spec.letterhead.logo) },
    rows: spec.rows.map((r) => ({ ...r, picture: asBuffer(r.picture) })),
    pageLabel: (page, pages) =>
      pageTemplate
        .replaceAll(String(marks.page), String(page))
        .replaceAll(String(marks.pages), String(pages)),
  };
  try {
    const pdf = await renderDocumentPdf(document);
    // Handed back without a copy unless the bytes share a pooled block.
    const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
    const bytes = whole ? new Uint8Array(pdf.buffer) : new Uint8Array(pdf);
    parentPort?.postMessage({ id, pdf: bytes } satisfies PdfJobAnswer, [bytes.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({
      id,
      error: err instanceof Error ? err.message : String(err),
    } satisfies PdfJobAnswer);
  }
});
