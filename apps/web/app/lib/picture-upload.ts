import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@crossbuy/core/catalogue';
import { ApiError } from '@crossbuy/core/errors';
import { currentXsrfToken, XSRF_HEADER } from './api-client';

// The one way the back office sends a picture (a product's, a merchant's logo, a banner's or a popup's):
// checked here first for what the browser can tell, then sent as it is for the server to check again.

export const PICTURE_MAX_MEGABYTES = PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024);

/** What the file input should offer. */
export const PICTURE_ACCEPT = PRODUCT_IMAGE_TYPES.join(',');

/** Why a chosen file cannot be a picture of the store, in a sentence; null when it may be sent. */
export function pictureFileProblem(file: File): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG or WebP picture.`;
  }
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return `${file.name} is larger than ${PICTURE_MAX_MEGABYTES} MB.`;
  return null;
}

/**
 * Sends a picture as the request body with its own type, reporting how much has gone (0 to 1). Fetch
 * cannot tell upload progress, so picture uploads go through XMLHttpRequest.
 */
export function uploadPicture<T>(
  method: 'POST' | 'PUT',
  path: string,
  file: Blob,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('Accept', 'application/json');
    const xsrf = currentXsrfToken();
    if (xsrf !== undefined) request.setRequestHeader(XSRF_HEADER, xsrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(ApiError.fromResponse(request.status, body));
    };
    request.onerror = () => reject(new ApiError({ status: 0 }));
    request.send(file);
  });
}
