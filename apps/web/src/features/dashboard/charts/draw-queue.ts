// Drawing an ECharts chart is tens of milliseconds of main-thread work on a phone; seven at once
// held the dashboard for over half a second after its figures arrived. The charts are drawn here one
// per task, after the page has painted: those on screen first, in page order, the others when the
// browser is idle. Between two charts the browser paints and answers input.

import { afterPaint, whenIdle } from '@/shared/scheduling';

export type DrawJob = {
  /** Draws the chart (called once, in a task of its own). */
  draw: () => void;
  /** Its box is on screen (or close to it): drawn before the others, without waiting for idle time. */
  visible: boolean;
  /** Where it sits in the page, to draw in reading order. */
  element: HTMLElement;
};

const waiting = new Set<DrawJob>();
/** Only the latest callback asked for draws; earlier ones find a newer ticket and do nothing. */
let ticket = 0;

const inPageOrder = (a: DrawJob, b: DrawJob) =>
  a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;

function drawNext() {
  const jobs = [...waiting].sort(inPageOrder);
  const job = jobs.find((j) => j.visible) ?? jobs[0];
  if (job) {
    waiting.delete(job);
    job.draw();
  }
  schedule();
}

function schedule() {
  const mine = ++ticket;
  if (waiting.size === 0) return;
  const run = () => {
    if (mine === ticket) drawNext();
  };
  if ([...waiting].some((j) => j.visible)) afterPaint(run);
  else whenIdle(run);
}

/** Queues a chart; returns how to take it off the queue (it left the page before its turn). */
export function queueDraw(job: DrawJob): () => void {
  waiting.add(job);
  schedule();
  return () => {
    if (waiting.delete(job)) schedule();
  };
}

/** A queued chart came on screen or left it (`job.visible` already changed): its turn moves. */
export function visibilityChanged(job: DrawJob): void {
  if (waiting.has(job)) schedule();
}
