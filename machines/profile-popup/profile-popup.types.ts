// ---- Data ------------------------------------------------------------------------------------------------------
/** The page the cabinet shows: its path, and whether the invitation would only be in the way there. */
export interface PopupPage {
  path: string;
  quiet: boolean;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface ProfilePopupContext {
  page: PopupPage;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface ProfilePopupInput {
  page: PopupPage;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type ProfilePopupEvent =
  /** The cabinet moved to another page (or the same one again). */
  | ({ type: 'popup.page' } & PopupPage)
  /** "Не сейчас", Escape or the close button: dismissed for good. */
  | { type: 'popup.later' }
  /** "Заполнить профиль": dismissed for good, and the profile opens. */
  | { type: 'popup.fill' };
