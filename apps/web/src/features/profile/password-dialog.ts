import { createStore, useStore } from '@/shared/store';

/** The change-password dialog, open from the user menu and the default-password banner. */
const store = createStore(false);

export const openPasswordDialog = () => store.set(true);
export const closePasswordDialog = () => store.set(false);
export const usePasswordDialogOpen = () => useStore(store);
