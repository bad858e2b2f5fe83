// The upload queue of the order's files tab (and of the rework form's attachments): files go up one at a time
// with real progress; a refused file stays in the queue with the server's message and can be retried.

// ---- Data ------------------------------------------------------------------------------------------------------
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** Bytes sent so far (XMLHttpRequest upload progress). */
  loaded: number;
  status: UploadStatus;
  /** The server's Russian detail (size, type, count) or the catalogue text of spec point 8. */
  error: string | null;
  /** What the server answered for the file (an OrderFile or an UploadedFile). */
  result: unknown;
  /** The file itself; kept until it is uploaded (a retry sends it again). */
  file: Blob | null;
}

export interface UploadRequest {
  key: string;
  name: string;
  file: Blob;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface OrderFilesContext {
  items: UploadItem[];
  seq: number;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type OrderFilesEvent =
  /** Files from the picker or a drop. */
  | { type: 'upload.add'; files: { name: string; file: Blob }[] }
  | { type: 'upload.retry'; key: string }
  /** Takes a refused or finished file off the queue. */
  | { type: 'upload.remove'; key: string }
  // Sent by the running upload:
  | { type: 'upload.progress'; key: string; loaded: number }
  | { type: 'upload.succeeded'; key: string; result: unknown }
  | { type: 'upload.failed'; key: string; error: string };

// ---- Emitted ---------------------------------------------------------------------------------------------------
export type OrderFilesEmitted = { type: 'upload.uploaded'; key: string; result: unknown };
