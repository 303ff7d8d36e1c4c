import type { HomeworkMarkedAttachment } from '@lectern/contracts/homework/homework.schemas';
import type { Upload } from '@lectern/contracts/uploads/upload.schemas';
import { describe, expect, it, vi } from 'vitest';
import { markedCopySaver, type MarkedCopyCalls } from './pdf-editor-save.ts';

function upload(id: number): Upload {
  return {
    id,
    name: 'essay (marked).pdf',
    size: 10,
    type: 'document',
    mime_type: 'application/pdf',
    status: 'ready',
    deleted: false,
    allow_download: true,
    created_at: '2026-11-26T06:00:00.000Z',
    created_by: { id: 2, name: 'Teacher' },
  } as Upload;
}

function attachment(uploadId: number, referenceId: number): HomeworkMarkedAttachment {
  return { upload_id: uploadId, reference_id: referenceId } as HomeworkMarkedAttachment;
}

function fakeCalls() {
  let next = 100;
  return {
    uploadFile: vi.fn(async () => upload((next += 1))),
    addCorrectUploads: vi.fn(async ({ body }) => ({
      marked_attachments: [attachment(5, 50), attachment(body.uploads[0]!.upload_id as number, 77)],
    })),
    replaceReferenceUpload: vi.fn(async () => undefined),
  } satisfies MarkedCopyCalls;
}

const file = new File(['%PDF'], 'essay (marked).pdf', { type: 'application/pdf' });

describe('saving the marked copy', () => {
  it('uploads a new file and attaches it to the submission, naming the original', async () => {
    const calls = fakeCalls();
    const save = markedCopySaver(
      { homeworkId: 3, submissionId: 7, originUploadId: 12, referenceId: null },
      calls,
    );
    await save(file);
    expect(calls.uploadFile).toHaveBeenCalledWith(file);
    expect(calls.addCorrectUploads).toHaveBeenCalledWith({
      homeworkId: 3,
      body: { submission_id: 7, uploads: [{ upload_id: 101, origin_upload_id: 12 }] },
    });
    expect(calls.replaceReferenceUpload).not.toHaveBeenCalled();
  });

  it('saves again as another new upload, over the same marked attachment', async () => {
    const calls = fakeCalls();
    const save = markedCopySaver(
      { homeworkId: 3, submissionId: 7, originUploadId: 12, referenceId: null },
      calls,
    );
    await save(file);
    await save(file);
    expect(calls.uploadFile).toHaveBeenCalledTimes(2);
    expect(calls.addCorrectUploads).toHaveBeenCalledTimes(1);
    expect(calls.replaceReferenceUpload).toHaveBeenCalledWith({
      homeworkId: 3,
      referenceId: 77,
      body: { upload_id: 102 },
    });
  });

  it('re-saves a marked attachment opened for more marking', async () => {
    const calls = fakeCalls();
    const save = markedCopySaver(
      { homeworkId: 3, submissionId: 7, originUploadId: 12, referenceId: 50 },
      calls,
    );
    await save(file);
    expect(calls.addCorrectUploads).not.toHaveBeenCalled();
    expect(calls.replaceReferenceUpload).toHaveBeenCalledWith({
      homeworkId: 3,
      referenceId: 50,
      body: { upload_id: 101 },
    });
  });

  it('attaches nothing when the upload fails', async () => {
    const calls = fakeCalls();
    calls.uploadFile.mockRejectedValueOnce(new Error('too large'));
    const save = markedCopySaver(
      { homeworkId: 3, submissionId: 7, originUploadId: null, referenceId: null },
      calls,
    );
    await expect(save(file)).rejects.toThrow('too large');
    expect(calls.addCorrectUploads).not.toHaveBeenCalled();
  });
});
