import { act } from '@testing-library/react';

/** A stand-in for the browser's XMLHttpRequest: the test drives progress and the answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number) {
    act(() => {
      this.status = status;
      this.onload?.();
    });
  }
}

/** An XMLHttpRequest whose upload to storage answers 204 at once. */
export class InstantXhr {
  status = 0;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  send() {
    setTimeout(() => {
      this.status = 204;
      this.onload?.();
    }, 0);
  }
}
