import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
// Type only: pdfkit (with fontkit) loads with the first PDF, in its thread, not at the server's start.
import type { DocumentPdf } from './pdf';

/**
 * Renders document PDFs on threads of their own, so that a 200-line quotation does not hold up
 * every other request while pdfkit lays it out (bench/quotation-pdf.ts measures both ways).
 * Threads start on the first PDF and hold the process only while rendering; one that dies fails
 * what it had and the next PDF starts another.
 *
 * `pageLabel` cannot cross to a thread: it is called once with two marker numbers and the text it
 * gives is filled in there, so it must only place the page numbers into a text.
 */
export type PdfJob = {
  id: number;
  spec: Omit<DocumentPdf, 'pageLabel'>;
  pageTemplate: string;
  marks: { page: number; pages: number };
};
export type PdfJobAnswer = { id: number; pdf?: Uint8Array; error?: string };

const MARKS = { page: 987_654_321, pages: 987_654_322 };
/** One core stays with the event loop; up to four PDF threads on a big machine. */
let threadCount = Math.max(1, Math.min(4, os.availableParallelism() - 1));

type Task = { job: PdfJob; resolve(pdf: Buffer): void; reject(err: Error): void };
type Thread = { worker: Worker; busy: Task | null };

// The thread runs the TypeScript module through tsx's loader, as the server itself does.
function bootProgram(): string {
  const require = createRequire(import.meta.url);
  const tsxApi = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs');
  const entry = new URL('./pdf-thread.ts', import.meta.url).href;
  return `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then(({ register }) => {
  register();
  return import(${JSON.stringify(entry)});
});`;
}

function createPdfPool() {
  const threads: Thread[] = [];
  const queue: Task[] = [];
  let nextId = 0;

  const start = (): Thread => {
    const thread: Thread = { worker: new Worker(bootProgram(), { eval: true }), busy: null };
    thread.worker.on('message', ({ pdf, error }: PdfJobAnswer) => {
      const task = thread.busy;
      thread.busy = null;
      if (error || !pdf) task?.reject(new Error(error ?? 'the PDF thread answered nothing'));
      else task?.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      next();
    });
    const fail = (err: Error) => {
      threads.splice(threads.indexOf(thread), 1);
      thread.busy?.reject(err);
      thread.busy = null;
      next();
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) fail(new Error(`the PDF thread stopped (${code})`));
    });
    threads.push(thread);
    return thread;
  };

  function next() {
    while (queue.length > 0) {
      const thread = threads.find((t) => !t.busy) ?? (threads.length < threadCount ? start() : null);
      if (!thread) break;
      const task = queue.shift() as Task;
      thread.busy = task;
      thread.worker.ref();
      thread.worker.postMessage(task.job);
    }
    for (const t of threads) if (!t.busy) t.worker.unref();
  }

  return {
    render(spec: DocumentPdf): Promise<Buffer> {
      const { pageLabel, ...rest } = spec;
      const job: PdfJob = {
        id: ++nextId,
        spec: rest,
        pageTemplate: pageLabel(MARKS.page, MARKS.pages),
        marks: MARKS,
      };
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        next();
      });
    },
  };
}

let pool: ReturnType<typeof createPdfPool> | undefined;

/** How many PDF threads at most; 0 renders on the calling thread (bench/quotation-pdf.ts compares). */
export function setPdfThreads(count: number): void {
  threadCount = count;
}

/** `renderDocumentPdf` on a PDF thread: the same document, the event loop left free. */
export function renderDocumentPdfOffThread(spec: DocumentPdf): Promise<Buffer> {
  if (threadCount === 0) return import('./pdf').then(({ renderDocumentPdf }) => renderDocumentPdf(spec));
  pool ??= createPdfPool();
  return pool.render(spec);
}
