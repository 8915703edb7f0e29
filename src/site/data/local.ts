/** The local adapter: documents and files go to our own server (src/leads/server/api.ts). */
import { api, type ApiError } from '../../platform/api';
import type { DataPort } from './port';
import { prepareProof, proofFor } from '../forms/submit/proof';

export class SaveError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    /** The server's own message, when its answer carried one (src/site/data/port.ts serverRefusalOf). */
    readonly refusal?: string,
  ) {
    super(message);
    this.name = 'SaveError';
  }
}

export function createLocalPort(baseUrl = ''): DataPort {
  return {
    async saveDocument(collection, document, key, source) {
      let response: Response;
      try {
        // The solved puzzle of the forms' proof of work; without one (our server out of reach), the post tells.
        const proof = await proofFor(key, baseUrl);
        response = await fetch(`${baseUrl}${api.documents(collection)}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            [api.submissionKeyHeader]: key,
            ...(source ? { [api.sourceHeader]: source } : {}),
            ...(proof ? { [api.proofHeader]: proof } : {}),
          },
          body: JSON.stringify(document),
        });
      } catch (error) {
        throw new SaveError(`The server could not be reached (${String(error)})`, 0);
      }
      const body = (await response.json().catch(() => ({}))) as Partial<ApiError> & { id?: string };
      if (!response.ok || typeof body.id !== 'string') {
        throw new SaveError(body.message ?? `The server answered ${response.status}`, response.status, body.field, body.message);
      }
      return { id: body.id };
    },

    prepare: () => prepareProof(baseUrl),

    uploadFile(path, file, onProgress) {
      // XMLHttpRequest, not fetch: only it reports upload progress.
      return new Promise<string>((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('PUT', `${baseUrl}${api.files}${path.split('/').map(encodeURIComponent).join('/')}`);
        request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
        request.responseType = 'json';
        request.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
        request.onload = () => {
          const body = request.response as { url?: string; message?: string } | null;
          if (request.status >= 200 && request.status < 300 && body?.url) {
            onProgress?.(1);
            resolve(body.url);
          } else reject(new SaveError(body?.message ?? `The server answered ${request.status}`, request.status, undefined, body?.message));
        };
        request.onerror = () => reject(new SaveError('The upload could not reach the server', 0));
        request.send(file);
      });
    },
  };
}
