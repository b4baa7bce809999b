import { App, type MessageArgsProps, type NotificationArgsProps } from 'antd';
import type { JointContent, MessageInstance, MessageType, NoticeType } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { type MouseEventHandler, type ReactNode, useMemo } from 'react';

/*
 * antd's messages and notifications, closed by a timer of ours instead of antd's own.
 *
 * antd's timer (@rc-component/notification's useNoticeTimer) sets React state on every animation
 * frame while a notice is up, progress bar or not. A page whose code was still downloading when the
 * user navigated renders again, once it has arrived, at React's retry priority, which every one of
 * those frames interrupts and which never expires: on a slow phone the page stayed blank until the
 * notice had gone (the outbox after Send: 10 s). So antd gets `duration: 0` and a plain timeout
 * closes the notice; hovering pauses it, as antd's did.
 */

/** antd's defaults. */
const MESSAGE_SECONDS = 3;
const NOTIFICATION_SECONDS = 4.5;

interface Hover {
  onMouseEnter?: MouseEventHandler<HTMLDivElement>;
  onMouseLeave?: MouseEventHandler<HTMLDivElement>;
}

/**
 * Calls `run` once the browser has painted what was just rendered: a notice's time counts from when
 * it is on screen. Opened just before a navigation, a notice was rendered only once the next page's
 * code had loaded and rendered, and on a busy machine its 3 s had gone by then (the editor after
 * Undo showed no "Sending cancelled").
 */
function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else run();
}

/** A countdown that can be paused; it starts once the notice has been painted. */
function countdown(seconds: number, done: () => void) {
  let left = seconds * 1000;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let held = false;
  let cancelled = false;
  const start = () => {
    if (timer !== undefined || held || cancelled) return;
    startedAt = Date.now();
    timer = setTimeout(done, Math.max(left, 0));
  };
  afterPaint(start);
  return {
    pause: () => {
      held = true;
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      left -= Date.now() - startedAt;
    },
    resume: () => {
      held = false;
      start();
    },
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

type Countdown = ReturnType<typeof countdown>;

/** The timers of the notices up, by key: one app-wide antd instance each, whoever opened them. */
const runningMessages = new Map<string | number, Countdown>();
const runningNotifications = new Map<string | number, Countdown>();

function stopTimers(running: Map<string | number, Countdown>, key: unknown) {
  for (const [k, timer] of running) {
    if (key !== undefined && k !== key) continue;
    timer.cancel();
    running.delete(k);
  }
}

let lastKey = 0;

/**
 * Opens a notice with antd's timer off and ours on. A notice opened again under its key (a
 * "Saving…" that becomes "Saved") starts its time again. Returns how to close it and when it closed.
 */
function timed(
  showWithout: (key: string | number, onClose: () => void, hover: Hover) => void,
  destroy: (key: string | number) => void,
  running: Map<string | number, Countdown>,
  options: { key?: string | number; seconds: number | false; pauseOnHover?: boolean; onClose?: () => void },
) {
  const key = options.key ?? `qs-notice-${++lastKey}`;
  stopTimers(running, key);
  let closed = false;
  let resolve: (value: boolean) => void = () => undefined;
  const whenClosed = new Promise<boolean>((r) => {
    resolve = r;
  });
  const finish = () => {
    if (closed) return;
    closed = true;
    if (running.get(key) === timer) running.delete(key);
    timer?.cancel();
    options.onClose?.();
    resolve(true);
  };
  const close = () => {
    if (closed) return;
    destroy(key);
    finish();
  };
  const timer = options.seconds ? countdown(options.seconds, close) : undefined;
  if (timer) running.set(key, timer);
  const hover: Hover =
    timer && options.pauseOnHover !== false ? { onMouseEnter: timer.pause, onMouseLeave: timer.resume } : {};
  showWithout(key, finish, hover);
  return { close, whenClosed };
}

function isMessageArgs(content: JointContent): content is MessageArgsProps {
  return typeof content === 'object' && content !== null && 'content' in content;
}

export function timedMessages(antd: MessageInstance): MessageInstance {
  const open = (args: MessageArgsProps): MessageType => {
    const { close, whenClosed } = timed(
      (key, onClose, hover) => {
        const config: MessageArgsProps & Hover = { ...args, key, duration: 0, onClose, ...hover };
        antd.open(config);
      },
      antd.destroy,
      runningMessages,
      {
        key: args.key,
        seconds: args.duration ?? MESSAGE_SECONDS,
        pauseOnHover: args.pauseOnHover,
        onClose: args.onClose,
      },
    );
    // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is thenable (resolves on close).
    return Object.assign(close, { then: whenClosed.then.bind(whenClosed) });
  };
  const ofType =
    (type: NoticeType) =>
    (content: JointContent, duration?: number | VoidFunction, onClose?: VoidFunction): MessageType => {
      const args: MessageArgsProps = isMessageArgs(content) ? content : { content: content as ReactNode };
      return open({
        ...args,
        type,
        duration: typeof duration === 'number' ? duration : args.duration,
        onClose: typeof duration === 'function' ? duration : (onClose ?? args.onClose),
      });
    };
  return {
    open,
    info: ofType('info'),
    success: ofType('success'),
    error: ofType('error'),
    warning: ofType('warning'),
    loading: ofType('loading'),
    destroy: (key) => {
      stopTimers(runningMessages, key);
      antd.destroy(key);
    },
  };
}

export function timedNotifications(antd: NotificationInstance): NotificationInstance {
  const open = (args: NotificationArgsProps) => {
    const key = typeof args.key === 'bigint' ? String(args.key) : args.key;
    timed(
      (k, onClose, hover) => {
        const config: NotificationArgsProps & Hover = { ...args, key: k, duration: 0, onClose, ...hover };
        antd.open(config);
      },
      antd.destroy,
      runningNotifications,
      {
        key,
        seconds: args.duration ?? NOTIFICATION_SECONDS,
        pauseOnHover: args.pauseOnHover,
        onClose: args.onClose,
      },
    );
  };
  return {
    open,
    info: (args) => open({ ...args, type: 'info' }),
    success: (args) => open({ ...args, type: 'success' }),
    error: (args) => open({ ...args, type: 'error' }),
    warning: (args) => open({ ...args, type: 'warning' }),
    destroy: (key) => {
      stopTimers(runningNotifications, key);
      antd.destroy(key);
    },
  };
}

/** antd's themed message, notification and modal (App.useApp), the notices on our timer. */
export function useFeedback() {
  const { message, notification, modal } = App.useApp();
  return useMemo(
    () => ({ message: timedMessages(message), notification: timedNotifications(notification), modal }),
    [message, notification, modal],
  );
}
