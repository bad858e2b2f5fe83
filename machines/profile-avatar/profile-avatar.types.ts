import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** Square picture URLs by size name (small, medium, large); empty when there is no avatar. */
export type AvatarUrls = Partial<Record<string, string>>;

/** cover: the server crops the middle square; contain: the whole picture is fitted into a square first. */
export type AvatarFit = 'cover' | 'contain';

/** The picture the customer chose, shown before it is sent. */
export interface AvatarChoice {
  file: Blob;
  /** An object URL of the file for the preview (released when the choice ends). */
  previewUrl: string;
  fit: AvatarFit;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface ProfileAvatarContext {
  avatars: AvatarUrls;
  choice: AvatarChoice | null;
  error: ApiErrorInfo | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type ProfileAvatarEvent =
  | { type: 'avatar.choose'; file: Blob; previewUrl: string }
  | { type: 'avatar.fit'; fit: AvatarFit }
  | { type: 'avatar.upload' }
  | { type: 'avatar.cancel' }
  | { type: 'avatar.delete' }
  | { type: 'avatar.retry' };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface UploadAvatarInput {
  file: Blob;
  fit: AvatarFit;
}
