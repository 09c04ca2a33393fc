import realTinycolor from 'tinycolor2';
import { describe, expect, it } from 'vitest';
import tinycolor from './tinycolor2';

/** canvas-color-tracker's own index → colour step (its int2HexColor), for the strings it looks up. */
const int2HexColor = (num: number) => `#${Math.min(num, 2 ** 24).toString(16).padStart(6, '0')}`;

describe('the tinycolor2 stand-in', () => {
  it('reads every colour canvas-color-tracker makes exactly as tinycolor2 does', () => {
    const samples = [0, 1, 2, 255, 256, 65_535, 65_536, 2 ** 24 - 1, 2 ** 24];
    for (let i = 0; i < 2_000; i++) samples.push(Math.floor(Math.random() * 2 ** 24));
    for (const n of samples) {
      const color = int2HexColor(n);
      expect(tinycolor(color).toRgb(), color).toEqual(realTinycolor(color).toRgb());
    }
  });

  it('reads hex and rgb() colours as tinycolor2 does, and other input as black', () => {
    for (const color of ['#abc', 'abc', '#AbCdEf', '#11223380', 'rgb(1, 2, 3)', 'rgba(10, 20, 30, 0.5)', 'rgb(300, -4, 12)', 'not a colour', '', '#12345', '#1000000']) {
      expect(tinycolor(color).toRgb(), color).toEqual(realTinycolor(color).toRgb());
    }
  });
});
