import {
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PaperClipOutlined,
} from '@ant-design/icons';
import type { EmailDetail } from '@quayside/contract';
import { Image, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileSize, isPreviewableImage } from '../email-format';

type Attachment = EmailDetail['attachments'][number];

export function FileIcon({ mime, name }: { mime: string; name: string }) {
  const ext = name.split('.').at(-1)?.toLowerCase() ?? '';
  if (mime.startsWith('image/')) return <FileImageOutlined />;
  if (mime === 'application/pdf' || ext === 'pdf') return <FilePdfOutlined className="file-icon--pdf" />;
  if (/sheet|excel|csv/.test(mime) || ['xls', 'xlsx', 'csv'].includes(ext))
    return <FileExcelOutlined className="file-icon--excel" />;
  if (/word|document/.test(mime) || ['doc', 'docx'].includes(ext))
    return <FileWordOutlined className="file-icon--word" />;
  if (/zip|compressed|rar|7z/.test(mime) || ['zip', 'rar', '7z'].includes(ext)) return <FileZipOutlined />;
  return <FileOutlined />;
}

/**
 * The message's attachments: images as thumbnails that open a preview, everything downloadable.
 * Inline images already shown in the body are not repeated.
 */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation();
  const files = attachments.filter((a) => !(a.inline && a.content_id));
  if (files.length === 0) return null;
  const total = files.reduce((sum, a) => sum + a.size, 0);
  const images = files.filter((a) => isPreviewableImage(a.mime));
  const others = files.filter((a) => !isPreviewableImage(a.mime));

  return (
    <section className="attachments" aria-label={t('email.attachments', { count: files.length })}>
      <h3 className="attachments__title">
        <PaperClipOutlined /> {t('email.attachments', { count: files.length })}
        <span className="attachments__total">{fileSize(total)}</span>
      </h3>
      <div className="attachments__grid">
        {images.length > 0 && (
          <Image.PreviewGroup>
            {images.map((a) => (
              <figure key={a.id} className="attachment attachment--image">
                <Image
                  src={`${a.url}&inline=1`}
                  alt={a.name}
                  width={120}
                  height={84}
                  className="attachment__thumb"
                />
                <figcaption className="attachment__caption">
                  <span className="attachment__name" title={a.name}>
                    {a.name}
                  </span>
                  <span className="attachment__meta">
                    {fileSize(a.size)}
                    <Tooltip title={t('email.download')}>
                      <a
                        href={a.url}
                        download={a.name}
                        aria-label={t('email.downloadName', { name: a.name })}
                      >
                        <DownloadOutlined />
                      </a>
                    </Tooltip>
                  </span>
                </figcaption>
              </figure>
            ))}
          </Image.PreviewGroup>
        )}
        {others.map((a) => (
          <a
            key={a.id}
            className="attachment attachment--file"
            href={a.url}
            download={a.name}
            title={t('email.downloadName', { name: a.name })}
          >
            <span className="attachment__icon">
              <FileIcon mime={a.mime} name={a.name} />
            </span>
            <span className="attachment__text">
              <span className="attachment__name">{a.name}</span>
              <span className="attachment__meta">{fileSize(a.size)}</span>
            </span>
            <DownloadOutlined className="attachment__download" />
          </a>
        ))}
      </div>
    </section>
  );
}
