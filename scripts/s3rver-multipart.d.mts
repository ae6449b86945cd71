/** Adds ListParts, AbortMultipartUpload and ListMultipartUploads to an s3rver keeping its objects in `directory`. */
export function withMultipartListing<T>(server: T, directory: string): T;
