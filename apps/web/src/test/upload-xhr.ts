import type { Upload } from '@lectern/contracts/uploads/upload.schemas';

/** What the stand-in's stored file says about itself, beyond the fields every stored upload has alike. */
export type StoredUpload = Pick<Upload, 'id' | 'name' | 'size' | 'type' | 'mime_type'> & Partial<Upload>;

/**
 * `POST /api/uploads` goes through XMLHttpRequest (for progress), which jsdom would send to the network.
 * The class this returns answers every upload with `stored` as a ready file and records what was sent;
 * tests install it with `vi.stubGlobal('XMLHttpRequest', …)`.
 */
export function uploadXhrStandIn(stored: StoredUpload) {
  return class UploadsXhr {
    static sent: { method: string; url: string }[] = [];
    method = '';
    url = '';
    status = 0;
    responseText = '';
    withCredentials = false;
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    abort() {}
    send() {
      UploadsXhr.sent.push({ method: this.method, url: this.url });
      this.status = 201;
      this.responseText = JSON.stringify({
        status: 'ready',
        deleted: false,
        allow_download: true,
        created_at: '2027-03-02T00:00:00.000Z',
        created_by: { id: 3, name: 'Li Wei' },
        ...stored,
      });
      queueMicrotask(() => this.events.dispatchEvent(new Event('load')));
    }
  };
}
