import { useBackCloses } from './useBackCloses';
import { useDiscardGuard } from './useDiscardGuard';

/**
 * The closing rules of a form in a drawer or dialog (issue 15): Esc, ×, Cancel and browser
 * Back go through `requestClose`, which asks "Discard unsaved changes?" while `isDirty`; a
 * reload or a closed browser tab gets the browser's prompt. After a save call `leave()`;
 * `leave(false)` when a link in it leads to another page.
 */
export function useFormOverlay(id: string, isDirty: () => boolean, onClose: () => void, open = true) {
  const confirmClose = useDiscardGuard(isDirty, open);
  const stepBack = useBackCloses(open, id, (stay) => confirmClose(onClose, stay));
  const leave = (giveBack = true) => {
    stepBack(giveBack);
    onClose();
  };
  return { requestClose: () => confirmClose(() => leave()), leave };
}
