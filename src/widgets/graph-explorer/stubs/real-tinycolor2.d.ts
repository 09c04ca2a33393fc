// The real tinycolor2 ships no types; tinycolor2.test.ts compares the stand-in with it (what it reads).
declare module 'tinycolor2' {
  export default function tinycolor(color: string): { toRgb(): { r: number; g: number; b: number; a: number } };
}
