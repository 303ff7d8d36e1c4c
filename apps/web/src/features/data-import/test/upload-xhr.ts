/**
 * A stand-in for XMLHttpRequest (uploads go through it for their progress events; jsdom's own would try
 * the network): it answers every request with `UploadXhr.answer` as soon as it is sent.
 */
export class UploadXhr {
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  static sent: { method: string; url: string; body: unknown }[] = [];

  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  private method = '';
  private url = '';

  static reset(answer: { status: number; body: unknown }): void {
    UploadXhr.answer = answer;
    UploadXhr.sent = [];
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(): void {}

  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }

  send(body: unknown): void {
    UploadXhr.sent.push({ method: this.method, url: this.url, body });
    setTimeout(() => {
      this.status = UploadXhr.answer.status;
      this.responseText = JSON.stringify(UploadXhr.answer.body);
      this.events.dispatchEvent(new Event('load'));
    }, 0);
  }

  abort(): void {
    this.events.dispatchEvent(new Event('abort'));
  }
}
