/**
 * Sends an import file as the request body with XMLHttpRequest, whose upload events fetch() does not give: the
 * profile page shows the upload's progress, then waits for the server's report.
 */
import { ApiError } from '../../http/api-client.ts';
import { urlOf } from '../../http/route.ts';
import type { ImportReport } from '../contract.ts';
import { transferRoutes } from '../routes.ts';

export function uploadImport(file: File, onProgress: (fraction: number) => void): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', urlOf(transferRoutes.importFile, { query: { name: file.name } }));
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => { if (event.lengthComputable) onProgress(event.loaded / event.total); };
    request.onload = () => {
      const body = request.response as (ImportReport & { error?: string }) | null;
      if (request.status >= 200 && request.status < 300 && body) resolve(body);
      else reject(new ApiError(request.status, typeof body?.error === 'string' ? body.error : null, body));
    };
    request.onerror = () => reject(new ApiError(0, 'The upload failed: check your connection and try again.'));
    request.send(file);
  });
}
