// ---- Data ------------------------------------------------------------------------------------------------------
export type DialogSize = 'sm' | 'md' | 'lg';
export type DialogPosition = 'center' | 'top';
export type DialogKind = 'info' | 'error';

export interface Dialog {
  id: string;
  title?: string;
  text: string;
  kind: DialogKind;
  size: DialogSize;
  position: DialogPosition;
  closable: boolean;
  closeOnBackdrop: boolean;
}

/** Spec point 9: size sm, position center, closable, closes on a backdrop click. */
export const DIALOG_DEFAULTS = {
  kind: 'info',
  size: 'sm',
  position: 'center',
  closable: true,
  closeOnBackdrop: true,
} as const satisfies Omit<Dialog, 'id' | 'text' | 'title'>;

// ---- Context ---------------------------------------------------------------------------------------------------
export interface DialogsContext {
  /** Open dialogs, the top one last. */
  stack: Dialog[];
  /** Source of ids for dialogs opened without one. */
  seq: number;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export interface DialogOpenRequest {
  /** Opening an id that is already open replaces that dialog (a second chunk error does not stack up). */
  id?: string;
  title?: string;
  text: string;
  kind?: DialogKind;
  size?: DialogSize;
  position?: DialogPosition;
  closable?: boolean;
  closeOnBackdrop?: boolean;
}

export type DialogsEvent =
  | ({ type: 'dialogs.open' } & DialogOpenRequest)
  | { type: 'dialogs.close'; id: string }
  | { type: 'dialogs.closeAll' };
