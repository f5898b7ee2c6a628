// jsdom lacks what antd 6 and react-router 7 use (STACK.md: traps).
import { TextDecoder, TextEncoder } from "node:util";
Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });

// @rc-component/form schedules a macrotask through MessageChannel; node's would keep jest alive
class MessagePortShim {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  other!: MessagePortShim;
  postMessage(data: unknown) {
    setTimeout(() => this.other.onmessage?.({ data }), 0);
  }
  close() {}
  start() {}
}
class MessageChannelShim {
  port1 = new MessagePortShim();
  port2 = new MessagePortShim();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}
if (typeof globalThis.MessageChannel === "undefined") Object.assign(globalThis, { MessageChannel: MessageChannelShim });

Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
