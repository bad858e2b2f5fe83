import type { DataExportStatus } from '../../contract/account.api';
import type { ApiErrorInfo } from '../shared/error-info';

// ---- Context ---------------------------------------------------------------------------------------------------
export interface DataExportContext {
  /** The latest copy and when the next may be asked for (GET/POST /api/client/profile/data-export/). */
  status: DataExportStatus | null;
  /** Why the status did not load, a request was refused (one a day) or a download failed. */
  error: ApiErrorInfo | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type DataExportEvent =
  /** "Повторить" after the status failed to load. */
  | { type: 'dataExport.retry' }
  /** "Подготовить копию данных". */
  | { type: 'dataExport.request' }
  /** "Скачать" the ready copy. */
  | { type: 'dataExport.download' };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface DownloadInput {
  id: number;
}
