/**
 * Files kept in an S3-compatible bucket (docs/storage.md). Uploads stream in parts and a failed one is aborted;
 * reads are ranged GETs; downloads are handed out as short-lived presigned URLs. Nothing is kept in the process,
 * so any number of servers share one bucket.
 */
import { Readable } from 'node:stream';
import {
  HeadBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, attachmentDisposition, type ByteRange, type PresignOptions, type Storage, type StoredFile } from './storage.js';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible server's address; unset means AWS itself. */
  endpoint: string | undefined;
  /** Unset means the SDK's own chain (an instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
}

/** 8 MiB parts, two in flight: an upload holds at most about 16 MiB in memory, whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** SigV4 refuses longer lives. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** The local folder's error for a missing file, so callers treat both storages alike. */
function missingKeyError(key: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`No stored file at ${key}`);
  error.code = 'ENOENT';
  return error;
}

/**
 * A stream of one object that asks the bucket only when first read, and stops the request when destroyed: a
 * stream made and dropped (a HEAD response) costs nothing, and a client that goes away frees the connection.
 */
class ObjectReadStream extends Readable {
  private body: Readable | undefined;
  private started = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly fetchObject: (signal: AbortSignal) => Promise<GetObjectCommandOutput>,
    private readonly key: string,
    /** The range's length in bytes; undefined for the whole object. */
    private readonly rangeLength: number | undefined,
  ) {
    super();
  }

  override _read(): void {
    if (this.body) {
      this.body.resume();
      return;
    }
    if (this.started) return;
    this.started = true;
    this.fetchObject(this.abort.signal).then(
      (output) => {
        const body = output.Body as Readable;
        if (this.destroyed) {
          body.destroy();
          return;
        }
        this.body = body;
        // Never more than was asked: a server that sends a wider range (s3rver does for bytes=0-0) is cut short.
        let left = this.rangeLength ?? Infinity;
        const finish = () => {
          body.removeAllListeners('data');
          body.destroy();
          this.push(null);
        };
        body.on('data', (chunk: Buffer) => {
          const piece = chunk.length > left ? chunk.subarray(0, left) : chunk;
          left -= piece.length;
          const more = this.push(piece);
          if (left === 0) finish();
          else if (!more) body.pause();
        });
        body.once('end', () => this.push(null));
        body.once('error', (error) => this.destroy(error));
      },
      (error: unknown) => this.destroy(isMissing(error) ? missingKeyError(this.key) : (error as Error)),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.abort.abort();
    this.body?.destroy();
    callback(error);
  }
}

export function createS3Storage(settings: S3StorageSettings): Storage & { client: S3Client } {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where the operation requires one: several S3-compatible servers refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    client,
    location: `s3://${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    async put(key, data) {
      assertSafeKey(key);
      // The bucket shows an object only once its upload completes; a failed multipart upload is aborted, parts and all.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: data },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (Buffer.isBuffer(data)) throw error;
        // The source's own failure (a client gone, a file over its limit) is the one to report, not the abort after it.
        if (data.errored) throw data.errored;
        // As with the local folder's pipeline: a failed write stops the source too.
        data.destroy();
        throw error;
      }
    },
    async stat(key): Promise<StoredFile | null> {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    read(key, range?: ByteRange) {
      assertSafeKey(key);
      return new ObjectReadStream(
        async (signal) => {
          const output = await client.send(
            new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
            { abortSignal: signal },
          );
          if (range && !output.ContentRange?.startsWith(`bytes ${range.start}-`)) {
            (output.Body as Readable | undefined)?.destroy();
            throw new Error(`The bucket answered ${output.ContentRange ?? 'the whole object'} for bytes ${range.start}-${range.end} of ${key}`);
          }
          return output;
        },
        key,
        range ? range.end - range.start + 1 : undefined,
      );
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async presignGet(key, options: PresignOptions) {
      assertSafeKey(key);
      const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.floor(options.expiresInSeconds));
      if (expiresIn < 1) return null;
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseCacheControl: options.cacheControl,
        ResponseContentDisposition: options.downloadName ? attachmentDisposition(options.downloadName) : undefined,
      });
      return getSignedUrl(client, command, { expiresIn, signingDate: options.signedAt });
    },
  };
}
