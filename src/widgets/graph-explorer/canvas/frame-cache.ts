/**
 * While the user zooms or pans a graph that is slow to draw (a software canvas with thousands of
 * links), frames show the last full frame as a bitmap, scaled and moved with the gesture; the
 * full drawing resumes as soon as the gesture pauses. While such a graph is still being laid
 * out, most frames show the kept frame too, so the layout's ticks are not held up by drawing.
 * Graphs that draw quickly never use it.
 */
interface Transform {
  k: number;
  x: number;
  y: number;
}

/**
 * Frames with more than this many links and nodes on screen count as slow. (Timing the drawing
 * calls would not tell: the canvas records them and rasterizes later, outside the callback.)
 */
const HEAVY_ITEMS = 4000;
/** While a slow graph is still being laid out, a full frame at most this often (the layout ticks in between). */
const LAYOUT_REFRESH_MS = 400;

function transformOf(ctx: CanvasRenderingContext2D): Transform {
  const m = ctx.getTransform();
  const dpr = window.devicePixelRatio || 1;
  return { k: m.a / dpr, x: m.e / dpr, y: m.f / dpr };
}

export class FrameCache {
  private bitmap: HTMLCanvasElement | null = null;
  private at: Transform | null = null;
  private last: Transform | null = null;
  private lastItems = 0;
  private keptAt = 0;
  active = false;

  get slow(): boolean {
    return this.lastItems > HEAVY_ITEMS;
  }

  /**
   * After each full frame: the transform it was drawn with and how much it drew. While a slow
   * graph is still moving (`layingOut`), the frame is kept so the next frames can show it.
   */
  drawn(ctx: CanvasRenderingContext2D, items: number, layingOut: boolean): void {
    this.last = transformOf(ctx);
    this.lastItems = items;
    if (layingOut && this.slow) {
      this.keep(ctx.canvas);
      this.keptAt = performance.now();
    }
  }

  /** Whether this frame may show the kept bitmap instead of a full drawing. */
  useKept(layingOut: boolean): boolean {
    return this.active || (layingOut && this.slow && !!this.at && performance.now() - this.keptAt < LAYOUT_REFRESH_MS);
  }

  /** A gesture starts: keep the canvas as it is now, if drawing is slow. */
  begin(canvas: HTMLCanvasElement | null): void {
    if (this.active || !canvas || !this.last || !this.slow) return;
    this.keep(canvas);
    this.active = true;
  }

  private keep(canvas: HTMLCanvasElement): void {
    this.bitmap ??= document.createElement('canvas');
    if (this.bitmap.width !== canvas.width || this.bitmap.height !== canvas.height) {
      this.bitmap.width = canvas.width;
      this.bitmap.height = canvas.height;
    }
    const ctx = this.bitmap.getContext('2d')!;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(canvas, 0, 0);
    this.at = this.last;
  }

  end(): void {
    this.active = false;
    this.keptAt = 0;
  }

  /** Draws the kept frame for the canvas's current transform. */
  blit(ctx: CanvasRenderingContext2D): void {
    if (!this.bitmap || !this.at) return;
    const now = transformOf(ctx);
    const dpr = window.devicePixelRatio || 1;
    const r = now.k / this.at.k;
    ctx.save();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.imageSmoothingQuality = 'low';
    ctx.drawImage(this.bitmap, now.x - this.at.x * r, now.y - this.at.y * r, (this.bitmap.width / dpr) * r, (this.bitmap.height / dpr) * r);
    ctx.restore();
  }
}
