import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { Readable } from 'node:stream';
import {
  UploadFormFieldsSchema,
  type CreateUploadMetadata,
  type Upload,
  type UploadParentType,
  type UploadReferencesResponse,
} from '@lectern/contracts/uploads/upload.schemas';
import { uploadPaths } from '@lectern/contracts/uploads/upload-paths';
import { previewKindOf } from '@lectern/contracts/uploads/office-formats';
import {
  canDisplayInline,
  extensionOf,
  formatBytes,
  sanitizeUploadName,
  uploadKindOf,
} from '@lectern/contracts/uploads/upload-rules';
import type { AppContext } from '../../platform/app-context.ts';
import {
  AppError,
  conflict,
  forbidden,
  invalid,
  notFound,
  type FieldMessages,
} from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { isMessageKey, translate } from '../../platform/messages.ts';
import { activityAccess, type ActivityWithAccess } from '../activities/activity-access.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { contentDisposition } from './content-disposition.ts';
import { storeIncomingFile, type IncomingFile } from './file-intake.ts';
import { parseByteRange } from './http-range.ts';
import { enqueueOfficePreview } from './office-preview.job.ts';
import { uploadAccess } from './upload-access.ts';
import { uploadPreviews } from './upload-previews.ts';
import { downloadPrintRepository } from '../course-services/download-print-permissions.repository.ts';
import { canDownloadAttachment, canManageUpload, underCourseRule } from './uploads.policy.ts';
import { presentReference, presentUpload, presentUploadRef } from './uploads.presenter.ts';
import { uploadsRepository, type NewUpload, type UploadRow } from './uploads.repository.ts';

/** What `POST /api/uploads` carries: a multipart file with its form fields, or JSON metadata. */
export type NewUploadInput =
  | { kind: 'file'; file: (IncomingFile & { fieldName: string }) | undefined; fields: Record<string, string> }
  | { kind: 'metadata'; metadata: CreateUploadMetadata | undefined };

export type BlobRequest = { range: string | undefined; inline: boolean };

/** How to answer a blob request; the route only writes it out. */
export type BlobReply =
  | { status: 200 | 206; headers: Record<string, string | number>; body: Readable }
  | { status: 416; headers: Record<string, string | number> };

export function uploadsService(ctx: AppContext) {
  const repo = uploadsRepository(ctx.db);
  const access = uploadAccess(ctx.db);
  const activities = activityAccess(ctx.db);
  const downloadRules = downloadPrintRepository(ctx.db);
  /** Whether the course's students are kept from downloading its attachments. */
  const forbidsStudents = async (courseId: number) =>
    (await downloadRules.forbiddingStudents([courseId], 'download')).has(courseId);
  const previews = uploadPreviews(ctx);
  const limit = ctx.config.uploadMaxBytes;
  const tooLarge = () =>
    new AppError('payload_too_large', { key: 'uploads.tooLarge', params: { maximum: formatBytes(limit) } });

  /** Where a file is viewed in the page: the PDF preview when there is one, else `inline`. */
  function viewPath(upload: UploadRow, inline: string): string {
    return previewKindOf(upload.mimeType, upload.name) ? uploadPaths.preview(upload.id) : inline;
  }

  /** The upload as its readers may see it; anything else of the organisation reads as not found. */
  async function loadLive(actor: Actor, id: number): Promise<UploadRow> {
    const upload = await repo.findById(id);
    if (!upload || upload.orgId !== actor.orgId || upload.deleted) throw notFound('uploads.notFound');
    return upload;
  }

  async function present(id: number): Promise<Upload> {
    const row = await repo.findWithCreator(id);
    if (!row) throw notFound('uploads.notFound');
    return presentUpload(row);
  }

  /**
   * A file may be filed under a parent only if the caller can see that parent and take part in it:
   * filing is posting, refused to a simulating instructor and to read-only members.
   */
  async function checkParent(
    actor: Actor,
    parentType: UploadParentType | undefined,
    parentId: number | undefined,
  ): Promise<void> {
    if (parentType === undefined || parentId === undefined) return;
    switch (parentType) {
      case 'learning_activity': {
        let parent: ActivityWithAccess;
        try {
          parent = await activities.loadVisible(actor, parentId);
        } catch (error) {
          if (error instanceof AppError && (error.code === 'not_found' || error.code === 'forbidden')) {
            throw invalid({ parent_id: ['uploads.parentNotFound'] });
          }
          throw error;
        }
        assertCan(parent.access, 'learner.participate');
      }
    }
  }

  async function readStored(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Streams a whole file into storage and records it as ready; the stored bytes go if the row cannot. */
  async function storeReady(
    actor: Actor,
    file: IncomingFile,
    extra: Pick<NewUpload, 'allowDownload' | 'parentType' | 'parentId'> = {},
  ): Promise<UploadRow> {
    const name = sanitizeUploadName(file.name);
    const stored = await storeIncomingFile(ctx.storage, { ...file, name }, { maxBytes: limit, tooLarge });
    let row: UploadRow;
    try {
      row = await repo.insert({
        orgId: actor.orgId,
        createdBy: actor.userId,
        name,
        size: stored.size,
        mimeType: stored.mime,
        type: uploadKindOf(stored.mime),
        status: 'ready',
        storageKey: stored.key,
        sha256: stored.sha256,
        ...extra,
      });
    } catch (error) {
      await ctx.storage.delete(stored.key);
      throw error;
    }
    await renderAhead(row);
    return row;
  }

  /** Queues an Office upload's preview; should that fail, the first viewer converts it instead. */
  async function renderAhead(row: UploadRow): Promise<void> {
    try {
      await enqueueOfficePreview(ctx.db, row);
    } catch (error) {
      ctx.log.warn({ err: error, uploadId: row.id }, 'office preview not queued');
    }
  }

  async function fromFile(
    actor: Actor,
    file: (IncomingFile & { fieldName: string }) | undefined,
    rawFields: Record<string, string>,
  ): Promise<Upload> {
    if (!file || file.fieldName !== 'file') {
      file?.stream.resume();
      throw invalid({ file: ['uploads.fileRequired'] });
    }
    const parsed = UploadFormFieldsSchema.safeParse(rawFields);
    if (!parsed.success) {
      file.stream.destroy();
      const fields: FieldMessages = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.') || 'file';
        (fields[field] ??= []).push(isMessageKey(issue.message) ? issue.message : 'error.validation_failed');
      }
      throw invalid(fields);
    }
    try {
      await checkParent(actor, parsed.data.parent_type, parsed.data.parent_id);
    } catch (error) {
      file.stream.destroy();
      throw error;
    }
    const row = await storeReady(actor, file, {
      allowDownload: parsed.data.allow_download ?? true,
      parentType: parsed.data.parent_type ?? null,
      parentId: parsed.data.parent_id ?? null,
    });
    return present(row.id);
  }

  async function fromMetadata(actor: Actor, metadata: CreateUploadMetadata | undefined): Promise<Upload> {
    if (!metadata) throw invalid({ file: ['uploads.fileRequired'] });
    if (metadata.size > limit) throw tooLarge();
    await checkParent(actor, metadata.parent_type, metadata.parent_id);
    const row = await repo.insert({
      orgId: actor.orgId,
      createdBy: actor.userId,
      name: sanitizeUploadName(metadata.name),
      size: metadata.size,
      status: 'pending',
      allowDownload: metadata.allow_download ?? true,
      parentType: metadata.parent_type ?? null,
      parentId: metadata.parent_id ?? null,
    });
    return present(row.id);
  }

  /** Streams the stored bytes, or the one range asked for. */
  async function serve(upload: UploadRow, request: BlobRequest): Promise<BlobReply> {
    if (upload.status !== 'ready' || !upload.storageKey) throw notFound('uploads.notFound');
    return serveStored(
      {
        key: upload.storageKey,
        size: upload.size,
        mime: upload.mimeType,
        name: upload.name,
        etag: upload.sha256,
      },
      request,
    );
  }

  /** Streams stored bytes (an upload's, or a rendering of them), or the one range asked for. */
  async function serveStored(
    file: { key: string; size: number; mime: string | null; name: string; etag: string | null },
    request: BlobRequest,
  ): Promise<BlobReply> {
    const mime = file.mime ?? 'application/octet-stream';
    const textual = mime.startsWith('text/') || mime === 'application/json';
    const headers: Record<string, string | number> = {
      'content-type': textual ? `${mime}; charset=utf-8` : mime,
      'content-disposition': contentDisposition(
        file.name,
        request.inline && canDisplayInline(file.mime) ? 'inline' : 'attachment',
      ),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-cache',
      // User content gets the tightest policy that still lets a browser show it: nothing it could load
      // or run beyond itself; `object-src 'self'` keeps the built-in PDF viewer working.
      'content-security-policy':
        "default-src 'none'; img-src 'self'; media-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      ...(file.etag ? { etag: `"${file.etag}"` } : {}),
    };
    const range = parseByteRange(request.range, file.size);
    switch (range.kind) {
      case 'unsatisfiable':
        return { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` } };
      case 'partial':
        return {
          status: 206,
          headers: {
            ...headers,
            'content-range': `bytes ${range.start}-${range.end}/${file.size}`,
            'content-length': range.end - range.start + 1,
          },
          body: await ctx.storage.get(file.key, { start: range.start, end: range.end }),
        };
      case 'full':
        return {
          status: 200,
          headers: { ...headers, 'content-length': file.size },
          body: await ctx.storage.get(file.key),
        };
    }
  }

  return {
    /** A file sent whole (multipart), or a declaration whose bytes follow (metadata-first). */
    async create(actor: Actor, input: NewUploadInput): Promise<Upload> {
      return input.kind === 'file'
        ? fromFile(actor, input.file, input.fields)
        : fromMetadata(actor, input.metadata);
    },

    /**
     * The bytes of one of the caller's own files, for a slice that works on a file it was handed (an
     * import). Someone else's file is refused even when readable: importing is the uploader's act.
     */
    async readOwnBytes(
      actor: Actor,
      id: number,
      maxBytes: number,
    ): Promise<{ upload: UploadRow; bytes: Buffer }> {
      const upload = await loadLive(actor, id);
      if (upload.createdBy !== actor.userId) throw forbidden('uploads.notUploader');
      if (upload.status !== 'ready' || !upload.storageKey) throw conflict('uploads.notReady');
      if (upload.size > maxBytes) throw tooLarge();
      return { upload, bytes: await readStored(upload.storageKey) };
    },

    /**
     * Stores bytes made on the server (a picture taken out of a Word document) as the caller's file,
     * through the same type sniffing and size limit as a file sent over HTTP.
     */
    async storeBytes(actor: Actor, name: string, bytes: Buffer): Promise<UploadRow> {
      return storeReady(actor, { name, stream: Readable.from([bytes]) });
    },

    /** The bytes of a file readable by the caller (a picture inside a question being exported). */
    async readReadableBytes(actor: Actor, id: number): Promise<Buffer | null> {
      const upload = await repo.findById(id);
      if (!upload || upload.orgId !== actor.orgId || upload.deleted || !upload.storageKey) return null;
      if ((await access.downloadVerdict(actor, upload)) !== 'allowed') return null;
      return readStored(upload.storageKey);
    },

    /** The bytes of a metadata-first upload: only its creator sends them, once, exactly as declared. */
    async putContent(actor: Actor, id: number, body: Readable): Promise<Upload> {
      const upload = await loadLive(actor, id);
      if (upload.createdBy !== actor.userId) throw forbidden('uploads.notUploader');
      if (upload.status !== 'pending') throw conflict('uploads.contentAlreadySent');
      const mismatch = () =>
        invalid({ size: [{ key: 'uploads.sizeMismatch', params: { declared: upload.size } }] });
      const stored = await storeIncomingFile(
        ctx.storage,
        { name: upload.name, stream: body },
        { maxBytes: upload.size, tooLarge: mismatch },
      );
      try {
        if (stored.size !== upload.size) throw mismatch();
        const updated = await repo.completePending(id, {
          size: stored.size,
          mimeType: stored.mime,
          type: uploadKindOf(stored.mime),
          storageKey: stored.key,
          sha256: stored.sha256,
        });
        if (!updated) throw conflict('uploads.contentAlreadySent');
      } catch (error) {
        await ctx.storage.delete(stored.key);
        throw error;
      }
      const ready = await repo.findById(id);
      if (ready) await renderAhead(ready);
      return present(id);
    },

    /** Status read: the uploader, org admins, and whoever can see an activity it is attached to. */
    async get(actor: Actor, id: number): Promise<Upload> {
      const upload = await repo.findById(id);
      if (!upload || upload.orgId !== actor.orgId) throw notFound('uploads.notFound');
      const readable = await access.readableIds(actor, [upload]);
      if (!readable.has(upload.id)) throw notFound('uploads.notFound');
      return present(upload.id);
    },

    /**
     * Streams a file another slice has already decided the caller may read, through an address of its own
     * (a course's promotion video, read by visitors of a public course): no reader check here.
     */
    async streamReadable(upload: UploadRow, request: BlobRequest): Promise<BlobReply> {
      if (upload.deleted) throw notFound('uploads.notFound');
      return serve(upload, request);
    },

    async blob(actor: Actor, id: number, request: BlobRequest): Promise<BlobReply> {
      const upload = await loadLive(actor, id);
      const verdict = await access.downloadVerdict(actor, upload);
      if (verdict === 'hidden') throw notFound('uploads.notFound');
      if (verdict === 'forbidden') throw forbidden('uploads.downloadNotAllowed');
      return serve(upload, request);
    },

    /**
     * The bytes of one attachment: the caller must see the activity it is attached to, and, unless the
     * file is only being viewed inline, be allowed to download it (see canDownloadAttachment).
     */
    async referenceBlob(actor: Actor, referenceId: number, request: BlobRequest): Promise<BlobReply> {
      const found = await repo.findReference(referenceId);
      if (!found || found.upload.orgId !== actor.orgId || found.upload.deleted) {
        throw notFound('uploads.notFound');
      }
      const { reference, upload } = found;
      if (reference.parentType !== ACTIVITY_PARENT) {
        // Other parents (marked files, homework hand-ins) serve whoever may read the file through them.
        if ((await access.downloadVerdict(actor, upload)) !== 'allowed') throw notFound('uploads.notFound');
        return serve(upload, request);
      }
      const parent = (await activities.visibleAmong(actor, [reference.parentId])).get(reference.parentId);
      if (!parent) throw forbidden('uploads.parentHidden');
      // Viewing in the page (a video, a PDF) is part of seeing the activity; allow_download only governs
      // taking a copy away (spec 001 section 6: download if uploader or allow_download).
      const viewingInline = request.inline && canDisplayInline(upload.mimeType);
      if (!viewingInline) {
        const ruled = underCourseRule(reference, await forbidsStudents(parent.access.courseId));
        if (!canDownloadAttachment(actor, parent.access, ruled, upload)) {
          throw forbidden('uploads.downloadNotAllowed');
        }
      }
      return serve(upload, request);
    },

    /**
     * A PDF to view in the page: a PDF upload as it is, an Office upload rendered to PDF by LibreOffice
     * (once, then kept). Viewing is part of reading, so whoever may read the upload may view it, as with
     * the attachment blob's inline view; allow_download only governs taking the original away.
     */
    async preview(actor: Actor, id: number, range: string | undefined): Promise<BlobReply> {
      const upload = await loadLive(actor, id);
      const readable = await access.readableIds(actor, [upload]);
      if (!readable.has(upload.id)) throw notFound('uploads.notFound');
      if (upload.status !== 'ready' || !upload.storageKey) throw notFound('uploads.notFound');
      const kind = previewKindOf(upload.mimeType, upload.name);
      if (!kind) throw new AppError('unsupported_media_type', 'uploads.previewUnsupported');
      if (kind.kind === 'pdf') return serve(upload, { range, inline: true });
      const pdf = await previews.pdfOf(upload, kind.format);
      const extension = extensionOf(upload.name);
      const base = extension ? upload.name.slice(0, -(extension.length + 1)) : upload.name;
      return serveStored(
        {
          key: pdf.key,
          size: pdf.size,
          mime: 'application/pdf',
          name: `${base}.pdf`,
          etag: upload.sha256 ? `${upload.sha256}-pdf` : null,
        },
        { range, inline: true },
      );
    },

    /** An activity's attachments, for whoever can see the activity. */
    async referencesOfActivity(actor: Actor, activityId: number): Promise<UploadReferencesResponse> {
      const { activity, access: courseAccess } = await activities.loadVisible(actor, activityId);
      const rows = await repo.listReferences(ACTIVITY_PARENT, [activity.id]);
      const courseForbids = await forbidsStudents(courseAccess.courseId);
      const references = rows.map(({ reference, upload }) => ({
        ...presentReference(reference, upload, {
          canDownload: canDownloadAttachment(
            actor,
            courseAccess,
            underCourseRule(reference, courseForbids),
            upload,
          ),
        }),
        upload: presentUploadRef(upload),
      }));
      return { references, upload_references: references.map(({ upload: _upload, ...rest }) => rest) };
    },

    /**
     * `GET /api/uploads/{id}/url`: where to download an upload, for a caller the blob route would serve;
     * the address works with the same session, as the blob route's own checks still apply.
     */
    async downloadUrl(actor: Actor, id: number): Promise<string> {
      const upload = await loadLive(actor, id);
      const verdict = await access.downloadVerdict(actor, upload);
      if (verdict === 'hidden') throw notFound('uploads.notFound');
      if (verdict === 'forbidden') throw forbidden('uploads.downloadNotAllowed');
      return uploadPaths.blob(upload.id);
    },

    /** `GET /api/uploads/document/{id}/url`: where to view an upload in the page, for whoever may read it. */
    async documentUrl(actor: Actor, id: number): Promise<string> {
      const upload = await loadLive(actor, id);
      const readable = await access.readableIds(actor, [upload]);
      if (!readable.has(upload.id)) throw notFound('uploads.notFound');
      return viewPath(upload, uploadPaths.blobInline(upload.id));
    },

    /**
     * `GET /api/uploads/reference/document/{id}/url`: where to view an attachment in the page; seeing its
     * activity is enough, as with the attachment's inline blob.
     */
    async referenceDocumentUrl(actor: Actor, referenceId: number): Promise<string> {
      const found = await repo.findReference(referenceId);
      if (!found || found.upload.orgId !== actor.orgId || found.upload.deleted) {
        throw notFound('uploads.notFound');
      }
      const { reference, upload } = found;
      if (reference.parentType !== ACTIVITY_PARENT) {
        if ((await access.downloadVerdict(actor, upload)) !== 'allowed') throw notFound('uploads.notFound');
      } else if (!(await activities.visibleAmong(actor, [reference.parentId])).has(reference.parentId)) {
        throw forbidden('uploads.parentHidden');
      }
      return viewPath(upload, uploadPaths.referenceInline(reference.id));
    },

    /** Marks the upload deleted, then removes its bytes. Attachments of it disappear from every list. */
    async remove(actor: Actor, id: number): Promise<{ message: string }> {
      const upload = await loadLive(actor, id);
      if (!canManageUpload(actor, upload)) throw forbidden('uploads.notUploader');
      await repo.markDeleted(upload.id);
      if (upload.storageKey) {
        await ctx.storage.delete(upload.storageKey);
        await previews.discard(upload.storageKey);
      }
      return { message: translate(actor.locale, 'uploads.deleted') };
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
