import {
  AudioOutlined,
  FileImageOutlined,
  FileOutlined,
  FileTextOutlined,
  FileZipOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { UploadKind } from '@lectern/contracts/uploads/upload-rules';
import type { ReactNode } from 'react';

/** The icon every file list shows for a stored file's kind. */
export const UPLOAD_KIND_ICONS: Record<UploadKind, ReactNode> = {
  document: <FileTextOutlined />,
  video: <VideoCameraOutlined />,
  audio: <AudioOutlined />,
  image: <FileImageOutlined />,
  archive: <FileZipOutlined />,
  other: <FileOutlined />,
};
