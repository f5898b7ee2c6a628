// Leaving Sufra for a network's approval page. One object, so a test can watch the call (jsdom's
// window.location.assign cannot be replaced).
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};
