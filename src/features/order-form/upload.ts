// The order form's uploads (draft files and ajax-files) go through the shared uploader with real progress.
import { uploadWithProgress, type UploadAuth } from '../../api/upload';

/** Uploads one file (multipart field `file`); progress as a share 0..1; rejects with an ApiError. */
export function uploadFile<T>(
  auth: UploadAuth,
  url: string,
  file: File,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<T> {
  return uploadWithProgress<T>(auth, {
    url,
    file,
    name: file.name,
    signal,
    onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
  });
}
