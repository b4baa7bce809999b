import type { MessageArgsProps, NotificationArgsProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { MouseEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timedMessages, timedNotifications } from './feedback';

type Shown = Partial<MessageArgsProps> &
  Partial<NotificationArgsProps> & {
    onMouseEnter?: (e: MouseEvent<HTMLDivElement>) => void;
    onMouseLeave?: (e: MouseEvent<HTMLDivElement>) => void;
  };

/** What antd's instance is asked to show: the open notices by key. */
function screen() {
  const open = new Map<string | number, Shown>();
  const antd = {
    open: (args: Shown) => void open.set(args.key as string | number, args),
    destroy: (key?: string | number) => (key === undefined ? open.clear() : void open.delete(key)),
  };
  const hover = (key: string | number, on: boolean) => {
    const shown = open.get(key);
    (on ? shown?.onMouseEnter : shown?.onMouseLeave)?.({} as MouseEvent<HTMLDivElement>);
  };
  return { open, antd, hover };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('messages on our timer', () => {
  it("antd's own timer is off; the message closes after antd's 3 s, and its onClose runs once", () => {
    const s = screen();
    const onClose = vi.fn();
    timedMessages(s.antd as unknown as MessageInstance).success('Saved', onClose);
    const [shown] = [...s.open.values()];
    expect(shown?.duration).toBe(0);
    expect(shown?.content).toBe('Saved');
    expect(shown?.type).toBe('success');
    vi.advanceTimersByTime(2900);
    expect(s.open.size).toBe(1);
    vi.advanceTimersByTime(200);
    expect(s.open.size).toBe(0);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a duration of 0 stays until hidden; hiding resolves the message', async () => {
    const s = screen();
    const hide = timedMessages(s.antd as unknown as MessageInstance).loading('Working…', 0);
    vi.advanceTimersByTime(60_000);
    expect(s.open.size).toBe(1);
    hide();
    expect(s.open.size).toBe(0);
    await expect(hide).resolves.toBe(true);
  });

  it('opened again under its key, the message starts its time again', () => {
    const s = screen();
    const messages = timedMessages(s.antd as unknown as MessageInstance);
    messages.open({ key: 'save', content: 'Saving…', duration: 2 });
    vi.advanceTimersByTime(1500);
    messages.open({ key: 'save', content: 'Saved', duration: 2 });
    vi.advanceTimersByTime(1500);
    expect(s.open.get('save')?.content).toBe('Saved');
    vi.advanceTimersByTime(600);
    expect(s.open.has('save')).toBe(false);
  });
});

describe('notifications on our timer', () => {
  it('hovering pauses the time left, leaving resumes it', () => {
    const s = screen();
    timedNotifications(s.antd as unknown as NotificationInstance).open({
      key: 'n',
      title: 'Sent',
      duration: 5,
    });
    vi.advanceTimersByTime(4000);
    s.hover('n', true);
    vi.advanceTimersByTime(30_000);
    expect(s.open.has('n')).toBe(true);
    s.hover('n', false);
    vi.advanceTimersByTime(900);
    expect(s.open.has('n')).toBe(true);
    vi.advanceTimersByTime(200);
    expect(s.open.has('n')).toBe(false);
  });

  it('without pause on hover, the notice goes on time; duration false keeps it', () => {
    const s = screen();
    const notifications = timedNotifications(s.antd as unknown as NotificationInstance);
    notifications.open({ key: 'undo', title: 'Sending in 10 s', duration: 10, pauseOnHover: false });
    notifications.error({ key: 'stays', title: 'Failed', duration: false });
    expect(s.open.get('undo')?.onMouseEnter).toBeUndefined();
    // Its time counts from the first frame painted with it (one frame is ~16 ms).
    vi.advanceTimersByTime(10_000);
    expect(s.open.has('undo')).toBe(true);
    vi.advanceTimersByTime(50);
    expect([...s.open.keys()]).toEqual(['stays']);
    expect(s.open.get('stays')?.type).toBe('error');
  });

  it("counts a notice's time from the first frame painted with it, however late that comes", () => {
    const s = screen();
    const messages = timedMessages(s.antd as unknown as MessageInstance);
    // The main thread is busy (the next page renders): no frame for 5 s, the timers are overdue.
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    messages.success({ key: 'done', content: 'Sending cancelled' });
    vi.advanceTimersByTime(5000);
    expect(s.open.has('done')).toBe(true);
    frame.mockRestore();
    messages.success({ key: 'done', content: 'Sending cancelled' });
    vi.advanceTimersByTime(2900);
    expect(s.open.has('done')).toBe(true);
    vi.advanceTimersByTime(200);
    expect(s.open.has('done')).toBe(false);
  });

  it("closed by its × (antd's onClose), the timer stops and the caller hears of it once", () => {
    const s = screen();
    const onClose = vi.fn();
    timedNotifications(s.antd as unknown as NotificationInstance).open({ key: 'x', title: 'Hi', onClose });
    s.open.get('x')?.onClose?.();
    s.antd.destroy('x');
    // A notice opened later under the same key is not closed by the first one's timer.
    timedNotifications(s.antd as unknown as NotificationInstance).open({
      key: 'x',
      title: 'Again',
      duration: 10,
    });
    vi.advanceTimersByTime(5000);
    expect(s.open.get('x')?.title).toBe('Again');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
