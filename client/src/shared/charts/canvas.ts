// Whether this browser can draw on a canvas at all (the charts need it): asked once. Without one (an
// old or locked-down browser, jsdom in tests), charts show their figures as a table and never load
// the drawing library.
let known: boolean | undefined;

export function canDraw(): boolean {
  if (known === undefined) {
    try {
      // a browser without the 2D context class (jsdom among them) cannot draw, and is not asked
      known =
        typeof CanvasRenderingContext2D !== "undefined" &&
        typeof document !== "undefined" &&
        !!document.createElement("canvas").getContext("2d");
    } catch {
      known = false;
    }
  }
  return known;
}
