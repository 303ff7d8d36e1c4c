import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

export interface ImageUploadOptions {
  /** Sends the picture through the uploads API; resolves to the address the `<img>` points at. */
  upload: ((file: File) => Promise<string>) | null;
}

/** Dispatched on the editable element, for the component to show progress (detail of the end: { failed }). */
export const UPLOAD_START_EVENT = 'rich-text-upload-start';
export const UPLOAD_END_EVENT = 'rich-text-upload-end';

function imageFiles(list: ArrayLike<File> | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

/** Markup that is nothing but pictures: a copied image, whose file we upload instead of its address. */
function onlyPictures(html: string): boolean {
  if (!html) return true;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (body.textContent ?? '').trim() === '';
}

/**
 * Pictures pasted or dropped into the editor go through the uploads API and enter the text as
 * `<img src="/api/uploads/{id}/blob">`; they never become base64 inside the HTML (the Image node refuses
 * data: addresses, so pasted markup carrying one loses that picture instead).
 */
function insertUploaded(view: EditorView, options: ImageUploadOptions, files: File[], at: number | null) {
  const upload = options.upload;
  if (!upload || files.length === 0) return;
  view.dom.dispatchEvent(new CustomEvent(UPLOAD_START_EVENT, { bubbles: true }));
  void Promise.allSettled(files.map((file) => upload(file))).then((results) => {
    const image = view.state.schema.nodes.image;
    const urls = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (image && urls.length > 0 && !view.isDestroyed) {
      // Inserted where the picture was dropped, or at the cursor as it is once the upload is done.
      let cursor = Math.min(at ?? view.state.selection.from, view.state.doc.content.size);
      const tr = view.state.tr;
      for (const src of urls) {
        const node = image.create({ src });
        tr.insert(cursor, node);
        cursor += node.nodeSize;
      }
      view.dispatch(tr);
    }
    view.dom.dispatchEvent(
      new CustomEvent(UPLOAD_END_EVENT, {
        bubbles: true,
        detail: { failed: results.some((r) => r.status === 'rejected') },
      }),
    );
  });
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    imageUpload: {
      /** Uploads pictures chosen with the toolbar's picture button and inserts them at the cursor. */
      uploadImages: (files: File[]) => ReturnType;
    };
  }
}

export const ImageUploadExtension = Extension.create<ImageUploadOptions>({
  name: 'imageUpload',

  addOptions() {
    return { upload: null };
  },

  addCommands() {
    return {
      uploadImages:
        (files) =>
        ({ view }) => {
          if (!this.options.upload) return false;
          insertUploaded(view, this.options, imageFiles(files), null);
          return true;
        },
    };
  },

  addProseMirrorPlugins() {
    const options = this.options;
    const insert = (view: EditorView, files: File[], at: number | null) =>
      insertUploaded(view, options, files, at);

    return [
      new Plugin({
        key: new PluginKey('imageUpload'),
        props: {
          handlePaste(view, event) {
            const files = imageFiles(event.clipboardData?.files);
            if (files.length === 0 || !options.upload) return false;
            if (!onlyPictures(event.clipboardData?.getData('text/html') ?? '')) return false;
            event.preventDefault();
            insert(view, files, null);
            return true;
          },
          handleDrop(view, event) {
            const files = imageFiles(event.dataTransfer?.files);
            if (files.length === 0 || !options.upload) return false;
            event.preventDefault();
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
            insert(view, files, at ? at.pos : null);
            return true;
          },
        },
      }),
    ];
  },
});
