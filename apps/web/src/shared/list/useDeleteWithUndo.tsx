import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';

type IdsMutation = Pick<UseMutationResult<{ count: number }, Error, number[]>, 'mutateAsync' | 'isPending'>;

export interface DeleteWithUndoOptions {
  /** The module's delete and restore mutations (both take ids, answer a count). */
  remove: IdsMutation;
  restore: IdsMutation;
  /** i18n prefix holding `deleted`, `restored` and `undo`, e.g. `customers`. */
  texts: string;
  /** Prefix of the message key, so a second delete replaces only its own message. */
  messageKey: string;
}

/** Delete with an Undo in the confirmation message: the rows go to the recycle bin. */
export function useDeleteWithUndo({ remove, restore, texts, messageKey }: DeleteWithUndoOptions) {
  const { t } = useTranslation();
  const { message } = useFeedback();

  const run = async (ids: number[]) => {
    const { count } = await remove.mutateAsync(ids);
    const key = `${messageKey}-${ids.join('-')}`;
    void message.success({
      key,
      duration: 8,
      content: (
        <span>
          {t(`${texts}.deleted`, { count })}{' '}
          <Button
            type="link"
            size="small"
            className="message-action"
            onClick={async () => {
              message.destroy(key);
              const restored = await restore.mutateAsync(ids);
              void message.success(t(`${texts}.restored`, { count: restored.count }));
            }}
          >
            {t(`${texts}.undo`)}
          </Button>
        </span>
      ),
    });
    return count;
  };
  return { run, pending: remove.isPending };
}
