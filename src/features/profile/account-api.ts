// "Мои данные" and closing the account, typed from the contract's rows in account.api.ts.
import { call, callRaw } from '../../api/client';
import type { CloseAccountRequest } from '../../../contract/account.api';
import { attachmentName, saveBlob } from '../../lib/download';

export const fetchDataExport = () => call('GET /api/client/profile/data-export/');
export const requestDataExport = () => call('POST /api/client/profile/data-export/');

/** The ready ZIP with the session's bearer token, saved under its own name ('Мои данные 2026-11-26.zip'). */
export async function downloadDataExport(id: number) {
  const res = await callRaw('GET /api/client/profile/data-export/:id/download/', { params: { id } });
  saveBlob(res._data ?? new Blob(), attachmentName(res.headers.get('content-disposition'), 'Мои данные.zip'));
}

export const fetchClosingCheck = (signal?: AbortSignal) =>
  call('GET /api/client/profile/closing/', signal ? { signal } : {});
export const closeAccount = (body: CloseAccountRequest) => call('POST /api/client/profile/close/', { body });
