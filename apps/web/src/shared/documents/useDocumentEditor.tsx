import { Form, Input } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useDiscardGuard } from '@/shared/form/useDiscardGuard';
import { fieldErrorMap } from '@/shared/form-errors';
import { RequestError } from '@/shared/request';
import type { EditLine } from './lines';

export type SavedDocument = { id: number; number: string; version: number };

/**
 * The editing state every document editor shares (quotation, order, invoice, packing list): the
 * header and lines, unsaved edits guarded on close, field errors of a refused save, the version
 * conflict when someone saved first, and Ctrl/Cmd+S. `persist` sends the save; `onSaved` says so
 * and moves on (each document opens a different page after it). `initial` is called once, on the
 * first render: the page keys the editor by document and version to start it again.
 */
export function useDocumentEditor<H extends object, L = EditLine>(options: {
  initial: () => { header: H; lines: L[] };
  persist: (header: H, lines: L[]) => Promise<SavedDocument>;
  onSaved: (saved: SavedDocument) => void;
}) {
  const [start] = useState(options.initial);
  const [header, setHeader] = useState<H>(start.header);
  const [lines, setLines] = useState<L[]>(start.lines);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<number | null>(null);
  const edited = useRef(false);
  useDiscardGuard(() => edited.current);
  // The page's callbacks change every render; the save reads the latest ones.
  const callbacks = useRef(options);
  callbacks.current = options;

  const set = useCallback((patch: Partial<H>) => {
    edited.current = true;
    setHeader((h) => ({ ...h, ...patch }));
  }, []);
  const changeLines = useCallback((next: L[]) => {
    edited.current = true;
    setLines(next);
  }, []);

  const save = useCallback(async () => {
    setErrors({});
    try {
      const saved = await callbacks.current.persist(header, lines);
      edited.current = false;
      callbacks.current.onSaved(saved);
    } catch (err) {
      if (err instanceof RequestError && err.code === 'CONFLICT') {
        setStale((err.details as { version?: number } | undefined)?.version ?? 0);
        return;
      }
      setErrors(fieldErrorMap(err));
      if (!(err instanceof RequestError) || err.code !== 'VALIDATION_FAILED') throw err;
    }
  }, [header, lines]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  /** A form item showing the error the server gave for `name` (a header field, `items`, `bank.iban`…). */
  const item = (name: string, label: ReactNode, control: ReactNode, required?: boolean) => (
    <Form.Item
      label={label}
      required={required}
      validateStatus={errors[name] ? 'error' : undefined}
      help={errors[name]}
    >
      {control}
    </Form.Item>
  );
  /** A text field of the header, with the error the server gave for it. */
  const field = (name: keyof H & string, label: ReactNode, max = 200) =>
    item(
      name,
      label,
      <Input
        aria-label={typeof label === 'string' ? label : name}
        value={(header[name] as string | null) ?? ''}
        maxLength={max}
        onChange={(e) => set({ [name]: e.target.value } as Partial<H>)}
      />,
    );

  return { header, set, setHeader, lines, changeLines, errors, stale, save, item, field };
}
