import { CheckCircleFilled, DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import {
  IMPORT_DUPLICATE_MODES,
  type ImportAnswer,
  type ImportDuplicateDetails,
  type ImportProgress,
  type ImportResult,
  MAX_UPLOAD_BYTES,
} from '@quayside/contract';
import { Alert, Button, Modal, Progress, Radio, Steps, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './list.css';
import { subscribeEvent } from '@/shared/events';
import { parseTime, toThousands } from '@/shared/format';
import { RequestError } from '@/shared/request';
import { downloadUrl } from './download';
import {
  duplicateFileDetails,
  errorReportCsv,
  expectedImportMs,
  IMPORT_EXTENSIONS,
  importPercent,
  isImportFile,
} from './import-report';

export type DuplicateMode = (typeof IMPORT_DUPLICATE_MODES)[number];

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** GET path of the template spreadsheet. */
  templatePath: string;
  /** The question about rows that already exist ("When a row's email already belongs to…"); offers skip or update when set. */
  duplicateQuestion?: string;
  /**
   * Sends the file; the answer is the report. `confirmDuplicate` is true once the user chose to import
   * a file imported before (after the server's 409 with `ImportDuplicateDetails`). Send it `quiet`:
   * the dialog shows the server's refusal itself.
   */
  run: (file: File, onDuplicate: DuplicateMode, confirmDuplicate: boolean) => Promise<ImportReportData>;
  /** The import's kind on the server ('customer'): the bar follows its `import` live events. */
  kind?: string;
}

/** API.md's import answer, with the skipped rows where the module's import lists them. */
export type ImportReportData = ImportResult & Partial<Pick<ImportAnswer, 'skipped_rows'>>;

type Stage =
  | { step: 'choose'; error?: string }
  | { step: 'confirm'; earlier: ImportDuplicateDetails }
  | { step: 'running'; started: number }
  | { step: 'done'; result: ImportReportData };

const MAX_MB = Math.round(MAX_UPLOAD_BYTES / 1024 / 1024);

function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, now - since);
}

function saveText(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Import from a spreadsheet: the template, what to do with duplicates, the file, progress while the
 * server works, and the report (counts, and each bad row with its number and reason).
 */
export function ImportDialog({
  open,
  onClose,
  title,
  templatePath,
  duplicateQuestion,
  run,
  kind,
}: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [mode, setMode] = useState<DuplicateMode>('skip');
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const elapsed = useElapsed(stage.step === 'running' ? stage.started : null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const running = stage.step === 'running';

  useEffect(() => {
    if (!running || !kind) return;
    return subscribeEvent('import', (data) => {
      const event = data as ImportProgress;
      if (event.kind === kind) setProgress(event);
    });
  }, [running, kind]);

  const restart = () => {
    setFile(null);
    setFileError('');
    setStage({ step: 'choose' });
  };
  const close = () => {
    if (stage.step === 'running') return;
    restart();
    onClose();
  };

  const start = async (confirmDuplicate = false) => {
    if (!file) return;
    setProgress(null);
    setStage({ step: 'running', started: Date.now() });
    try {
      setStage({ step: 'done', result: await run(file, mode, confirmDuplicate) });
    } catch (err) {
      const earlier = duplicateFileDetails(err);
      if (earlier) setStage({ step: 'confirm', earlier });
      else {
        // A refusal of the file (unreadable, too large) is shown here; other failures were told by the request wrapper.
        const error = err instanceof RequestError && err.kind === 'business' ? err.message : undefined;
        setStage({ step: 'choose', error });
      }
    }
  };

  const pick = (chosen: File) => {
    if (!isImportFile(chosen.name)) setFileError(t('list.importWrongType'));
    else if (chosen.size > MAX_UPLOAD_BYTES) setFileError(t('list.importTooLarge', { size: MAX_MB }));
    else {
      setFileError('');
      setFile(chosen);
    }
    return false;
  };

  const current = stage.step === 'running' ? 1 : stage.step === 'done' ? 2 : 0;
  const footer =
    stage.step === 'choose' ? (
      <>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button type="primary" disabled={!file} onClick={() => start()}>
          {t('list.importStart')}
        </Button>
      </>
    ) : stage.step === 'confirm' ? (
      <>
        <Button onClick={() => setStage({ step: 'choose' })}>{t('common.cancel')}</Button>
        <Button type="primary" onClick={() => start(true)}>
          {t('list.importAgain')}
        </Button>
      </>
    ) : stage.step === 'done' ? (
      <>
        <Button onClick={restart}>{t('list.importAnother')}</Button>
        <Button type="primary" onClick={close}>
          {t('list.importClose')}
        </Button>
      </>
    ) : null;

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      closable={stage.step !== 'running'}
      mask={{ closable: false }}
      footer={footer}
      width={680}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={current}
        className="import-dialog__steps"
        items={[
          { title: t('list.importStepFile') },
          { title: t('list.importStepRun') },
          { title: t('list.importStepReport') },
        ]}
      />

      {stage.step === 'choose' && (
        <div className="import-dialog__body">
          <div className="import-dialog__template">
            <FileExcelOutlined className="import-dialog__template-icon" />
            <div>
              <div>{t('list.importTemplateHint')}</div>
              <Typography.Link href={downloadUrl(templatePath)} download>
                <DownloadOutlined /> {t('list.importTemplate')}
              </Typography.Link>
            </div>
          </div>

          {duplicateQuestion && (
            <div className="import-dialog__field">
              <div className="import-dialog__label" id="import-duplicates">
                {duplicateQuestion}
              </div>
              <Radio.Group
                aria-labelledby="import-duplicates"
                value={mode}
                onChange={(e) => setMode(e.target.value)}
                options={IMPORT_DUPLICATE_MODES.map((m) => ({
                  value: m,
                  label: t(`list.importDuplicate.${m}`),
                }))}
              />
            </div>
          )}

          <Upload.Dragger
            accept={IMPORT_EXTENSIONS.join(',')}
            multiple={false}
            maxCount={1}
            showUploadList={false}
            beforeUpload={pick}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('list.importDrop')}</p>
            <p className="ant-upload-hint">{t('list.importDropHint', { size: MAX_MB })}</p>
          </Upload.Dragger>
          {file && (
            <div className="import-dialog__file" data-testid="import-file">
              <FileExcelOutlined /> {file.name} · {formatSize(file.size)}
            </div>
          )}
          {fileError && <Alert type="error" showIcon title={fileError} className="import-dialog__alert" />}
          {stage.error && (
            <Alert type="error" showIcon title={stage.error} className="import-dialog__alert" />
          )}
        </div>
      )}

      {stage.step === 'confirm' && (
        <div className="import-dialog__body">
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={t('list.importImportedBefore', {
              date: parseTime(stage.earlier.imported_at, '{y}-{m}-{d} {h}:{i}', i18n.language),
              name: stage.earlier.imported_by,
            })}
            description={t('list.importImportedBeforeHint', { name: stage.earlier.file_name })}
          />
        </div>
      )}

      {stage.step === 'running' && file && (
        <div className="import-dialog__body import-dialog__running" role="status">
          <Typography.Text strong>{t('list.importRunning', { name: file.name })}</Typography.Text>
          <Progress
            percent={importPercent(elapsed, expectedImportMs(file.size), progress)}
            status="active"
            aria-label={t('list.importStepRun')}
          />
          <Typography.Text type="secondary" data-testid="import-progress">
            {progress
              ? t('list.importWriting', {
                  done: toThousands(progress.done),
                  total: toThousands(progress.total),
                })
              : t('list.importRunningHint', { seconds: Math.floor(elapsed / 1000) })}
          </Typography.Text>
        </div>
      )}

      {stage.step === 'done' && <ImportReport result={stage.result} />}
    </Modal>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ImportReport({ result }: { result: ImportReportData }) {
  const { t } = useTranslation();
  const skipped = result.skipped_rows ?? [];
  const counts = [
    { key: 'created', value: result.created, tone: result.created ? 'good' : 'muted' },
    { key: 'updated', value: result.updated, tone: result.updated ? 'good' : 'muted' },
    { key: 'skipped', value: result.skipped, tone: 'muted' },
    { key: 'failed', value: result.errors.length, tone: result.errors.length ? 'bad' : 'muted' },
  ] as const;
  return (
    <div className="import-dialog__body" data-testid="import-report">
      <div className="import-report__title">
        {result.errors.length === 0 ? (
          <>
            <CheckCircleFilled className="import-report__ok" /> {t('list.importAllGood')}
          </>
        ) : (
          t('list.importSomeBad', { count: result.errors.length })
        )}
      </div>
      <dl className="import-report__counts">
        {counts.map((c) => (
          <div key={c.key} className={`import-report__count import-report__count--${c.tone}`}>
            <dt>{t(`list.importCount.${c.key}`)}</dt>
            <dd>{toThousands(c.value)}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 && (
        <>
          <RowsTable rows={result.errors} reason={t('list.importProblem')} />
          <Button
            type="link"
            icon={<DownloadOutlined />}
            className="import-report__download"
            onClick={() =>
              saveText(
                errorReportCsv(result.errors, { row: t('list.importRow'), msg: t('list.importProblem') }),
                'import-errors.csv',
              )
            }
          >
            {t('list.importDownloadReport')}
          </Button>
        </>
      )}
      {skipped.length > 0 && (
        <section aria-label={t('list.importSkippedTitle')} data-testid="import-skipped">
          <Typography.Title level={5}>{t('list.importSkippedTitle')}</Typography.Title>
          <RowsTable rows={skipped} reason={t('list.importReason')} />
        </section>
      )}
    </div>
  );
}

/** Rows of the file with what happened to each (a problem, or why it was skipped), 8 a page. */
function RowsTable({ rows, reason }: { rows: ImportResult['errors']; reason: string }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey={(e) => `${e.row}:${e.msg}`}
      dataSource={rows}
      pagination={rows.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
      columns={[
        { title: t('list.importRow'), dataIndex: 'row', width: 80 },
        { title: reason, dataIndex: 'msg' },
      ]}
    />
  );
}
