import { useIsMutating } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPOSE_MUTATION } from '../api';

/** Spec §4: while a compose call makes the draft, an overlay says "creating the email, please wait". */
export function ComposeOverlay() {
  const { t } = useTranslation();
  const composing = useIsMutating({ mutationKey: COMPOSE_MUTATION }) > 0;
  if (!composing) return null;
  return <Spin fullscreen spinning description={t('email.composing')} />;
}
