import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  InboxOutlined,
} from '@ant-design/icons';
import { MAX_PICTURE_BYTES, MAX_PICTURES, PICTURE_TYPES, type Picture } from '@quayside/contract';
import { Button, Progress, Tooltip, Upload } from 'antd';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '@/shared/files';
import { RequestError } from '@/shared/request';
import { preparePicture } from '../api';

/** A picture of the form: stored (`picture`), on its way (`progress`), or refused (`error`). */
export type PictureItem = {
  key: string;
  name: string;
  picture?: Picture;
  /** 0–100 while uploading; thumbnails are being made at 100. */
  progress?: number;
  error?: string;
  /** Shown until the server's thumbnail is there. */
  localUrl?: string;
};

export const fromPictures = (pictures: Picture[]): PictureItem[] =>
  pictures.map((p) => ({ key: `file-${p.file_id}`, name: '', picture: p }));

const MAX_MB = MAX_PICTURE_BYTES / 1024 / 1024;
let counter = 0;

/** The element moved from `from` to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Pictures of a product: drop several at once (each uploads with its progress, then the server makes
 * its thumbnails), drag to reorder (the first is the cover), remove. Refusals show on the picture.
 */
export function PictureUploader({
  items,
  setItems,
}: {
  items: PictureItem[];
  setItems: Dispatch<SetStateAction<PictureItem[]>>;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<number | null>(null);
  const patch = (key: string, change: Partial<PictureItem>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const add = async (file: File) => {
    const key = `new-${++counter}`;
    const item: PictureItem = { key, name: file.name, progress: 0 };
    if (!PICTURE_TYPES.includes(file.type)) item.error = t('products.pictureNotImage', { name: file.name });
    else if (file.size > MAX_PICTURE_BYTES)
      item.error = t('products.pictureTooLarge', { name: file.name, mb: MAX_MB });
    else item.localUrl = URL.createObjectURL(file);
    setItems((all) => [...all, item]);
    if (item.error) return;
    try {
      const info = await uploadFile(file, file.name, {
        quiet: true,
        onProgress: (loaded, total) =>
          patch(key, { progress: total ? Math.round((loaded / total) * 100) : 0 }),
      });
      patch(key, { progress: 100 });
      const picture = await preparePicture(info.id);
      patch(key, { picture, progress: undefined });
    } catch (err) {
      patch(key, {
        error: err instanceof RequestError ? err.message : t('products.pictureFailed'),
        progress: undefined,
      });
    }
  };

  const full = items.length >= MAX_PICTURES;
  return (
    <div className="picture-uploader">
      {items.length > 0 && (
        <ol className="picture-uploader__list" aria-label={t('products.pictures')}>
          {items.map((item, index) => {
            const src = item.picture?.thumb_url ?? item.localUrl;
            return (
              <li
                key={item.key}
                className={[
                  'picture-tile',
                  dragging === index ? 'is-dragging' : '',
                  item.error ? 'has-error' : '',
                ].join(' ')}
                draggable={!item.error}
                data-testid="picture-tile"
                onDragStart={(e) => {
                  setDragging(index);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(index));
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => {
                  if (dragging !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  if (dragging === null) return;
                  e.preventDefault();
                  e.stopPropagation();
                  setItems((all) => moved(all, dragging, index));
                  setDragging(null);
                }}
              >
                {src ? (
                  <img
                    src={src}
                    alt={item.name || t('products.pictureN', { n: index + 1 })}
                    draggable={false}
                  />
                ) : (
                  <ExclamationCircleFilled className="picture-tile__error-icon" />
                )}
                {index === 0 && !item.error && (
                  <span className="picture-tile__cover">{t('products.cover')}</span>
                )}
                {item.progress !== undefined && (
                  <Progress
                    className="picture-tile__progress"
                    percent={item.progress}
                    size="small"
                    status={item.progress === 100 ? 'active' : 'normal'}
                    showInfo={false}
                    aria-label={t('products.uploading', { name: item.name })}
                  />
                )}
                {item.error && (
                  <Tooltip title={item.error}>
                    <span className="picture-tile__error" role="alert">
                      {item.error}
                    </span>
                  </Tooltip>
                )}
                <span className="picture-tile__tools">
                  {!item.error && index > 0 && (
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowLeftOutlined />}
                      aria-label={t('products.moveLeft')}
                      onClick={() => setItems((all) => moved(all, index, index - 1))}
                    />
                  )}
                  {!item.error && index < items.length - 1 && (
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowRightOutlined />}
                      aria-label={t('products.moveRight')}
                      onClick={() => setItems((all) => moved(all, index, index + 1))}
                    />
                  )}
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('products.removePicture')}
                    onClick={() => setItems((all) => all.filter((i) => i.key !== item.key))}
                  />
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {!full && (
        <Upload.Dragger
          multiple
          // No `accept`: a dropped file of another type would vanish silently; it is refused with a reason instead.
          showUploadList={false}
          className="picture-uploader__drop"
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('products.dropPictures')}</p>
          <p className="ant-upload-hint">{t('products.dropHint', { mb: MAX_MB, max: MAX_PICTURES })}</p>
        </Upload.Dragger>
      )}
    </div>
  );
}
