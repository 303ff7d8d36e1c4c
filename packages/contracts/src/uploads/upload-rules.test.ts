import { describe, expect, it } from 'vitest';
import {
  canDisplayInline,
  extensionOf,
  formatBytes,
  judgeUploadType,
  sanitizeUploadName,
  uploadKindOf,
} from './upload-rules.ts';

describe('judgeUploadType', () => {
  it('accepts a file whose bytes match its name, typed by the bytes', () => {
    expect(judgeUploadType('notes.pdf', 'application/pdf')).toEqual({
      ok: true,
      mime: 'application/pdf',
      mustBeUtf8: false,
    });
    expect(judgeUploadType('no-extension', 'image/png')).toMatchObject({ ok: true, mime: 'image/png' });
  });

  it('refuses a .pdf whose bytes are not a PDF, and an image name holding a video', () => {
    expect(judgeUploadType('notes.pdf', 'image/png')).toEqual({
      ok: false,
      reason: 'extensionMismatch',
      extension: 'pdf',
    });
    expect(judgeUploadType('photo.jpg', 'video/mp4')).toMatchObject({
      ok: false,
      reason: 'extensionMismatch',
    });
  });

  it('tolerates a mislabelled file of the same kind', () => {
    expect(judgeUploadType('photo.jpg', 'image/png')).toMatchObject({ ok: true, mime: 'image/png' });
    expect(judgeUploadType('talk.mp4', 'video/quicktime')).toMatchObject({ ok: true });
  });

  it('refuses executables by their bytes and by their name', () => {
    expect(judgeUploadType('setup.pdf', 'application/x-msdownload')).toMatchObject({
      ok: false,
      reason: 'executable',
    });
    expect(judgeUploadType('tool', 'application/x-elf')).toMatchObject({ reason: 'executable' });
    expect(judgeUploadType('run.sh', undefined)).toMatchObject({ reason: 'executable' });
    expect(judgeUploadType('Setup.EXE', 'application/zip')).toMatchObject({ reason: 'executable' });
  });

  it('accepts unrecognised bytes only as UTF-8 text under a text extension', () => {
    expect(judgeUploadType('data.csv', undefined)).toEqual({ ok: true, mime: 'text/csv', mustBeUtf8: true });
    expect(judgeUploadType('README.md', undefined)).toMatchObject({ mime: 'text/markdown' });
    expect(judgeUploadType('mystery.bin', undefined)).toMatchObject({ ok: false, reason: 'unrecognised' });
    expect(judgeUploadType('notes.txt', 'image/png')).toMatchObject({
      ok: false,
      reason: 'extensionMismatch',
    });
    expect(judgeUploadType('feed.txt', 'application/xml')).toMatchObject({ ok: true, mime: 'text/plain' });
  });

  it('takes question interchange files as text: GIFT by name, Moodle XML with or without a declaration', () => {
    expect(judgeUploadType('quiz.gift', undefined)).toEqual({
      ok: true,
      mime: 'text/plain',
      mustBeUtf8: true,
    });
    expect(judgeUploadType('bank.xml', undefined)).toMatchObject({ ok: true, mime: 'application/xml' });
    expect(judgeUploadType('bank.xml', 'application/xml')).toMatchObject({
      ok: true,
      mime: 'application/xml',
    });
    expect(judgeUploadType('bank.xml', 'image/png')).toMatchObject({
      ok: false,
      reason: 'extensionMismatch',
    });
  });

  it('names legacy Office files by their extension', () => {
    expect(judgeUploadType('old.doc', 'application/x-cfb')).toMatchObject({ mime: 'application/msword' });
    expect(uploadKindOf('application/msword')).toBe('document');
  });
});

describe('sanitizeUploadName', () => {
  it('drops directories and control characters and never returns an empty name', () => {
    expect(sanitizeUploadName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeUploadName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(sanitizeUploadName('bad\r\nname\u202e.txt')).toBe('badname.txt');
    expect(sanitizeUploadName('   ')).toBe('file');
    expect(sanitizeUploadName('..')).toBe('file');
  });

  it('keeps Unicode names and shortens long ones keeping the extension', () => {
    expect(sanitizeUploadName('课程 讲义.pdf')).toBe('课程 讲义.pdf');
    const long = sanitizeUploadName(`${'a'.repeat(400)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
    expect(sanitizeUploadName('x\ud800y.txt')).toBe('x\ufffdy.txt');
  });
});

describe('helpers', () => {
  it('reads extensions, sizes and inline safety', () => {
    expect(extensionOf('a.b.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(canDisplayInline('application/pdf')).toBe(true);
    expect(canDisplayInline('image/svg+xml')).toBe(false);
    expect(canDisplayInline('application/xml')).toBe(false);
  });
});
