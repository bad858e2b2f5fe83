// The order form's uploads (draft files and ajax-files) go through the shared uploader with real progress.
import type { AnswerOf, ParamsArg } from '../../api/client';
import { uploadTo, type UploadAuth, type UploadKey } from '../../api/upload';

/** Uploads one file (multipart field `file`) to `key`; progress as a share 0..1; rejects with an ApiError. */
export function uploadFile<K extends UploadKey>(
  auth: UploadAuth,
  key: K,
  params: ParamsArg<K>,
  file: File,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<AnswerOf<K>> {
  return uploadTo(auth, key, {
    ...params,
    file,
    name: file.name,
    signal,
    onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
  });
}
